/**
 * A real SMTP server (smtp-server) on a local port for the mail suites, keeping what it receives.
 * `down()` closes it (connections refused) and `up()` listens again on the same port; `mode`
 * makes a listening server turn connections away (421) or refuse recipients for good (550).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The message as sent. */
  readonly raw: string;
  /** The message with quoted-printable soft breaks and escapes and folded headers undone. */
  readonly text: string;
}

export interface TestSmtp {
  readonly url: string;
  readonly received: ReceivedMail[];
  mode: 'up' | 'down' | 'refuse';
  up(): Promise<void>;
  down(): Promise<void>;
}

const decode = (raw: Buffer) =>
  Buffer.from(
    raw
      .toString('latin1')
      .replace(/\r?\n[ \t]+(?=<)/g, ' ')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

/** Listening on a free port (or `port`) until `down()`. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  let server: SMTPServer | undefined;
  const smtp: TestSmtp = {
    url: '',
    received: [],
    mode: 'up',
    async up() {
      const current = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onConnect(_session, callback) {
          callback(smtp.mode === 'down' ? smtpError('Service not available', 421) : undefined);
        },
        onRcptTo(_address, _session, callback) {
          callback(smtp.mode === 'refuse' ? smtpError('Mailbox unavailable', 550) : undefined);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks);
            smtp.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: raw.toString('utf8'),
              text: decode(raw),
            });
            callback();
          });
        },
      });
      current.listen(port, '127.0.0.1');
      await once(current.server, 'listening');
      port = (current.server.address() as AddressInfo).port;
      server = current;
    },
    async down() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await smtp.up();
  Object.defineProperty(smtp, 'url', { value: `smtp://127.0.0.1:${port}` });
  return smtp;
}

/** True once `check` holds, or its last answer after `ms`. */
export const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};
