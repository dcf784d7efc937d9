/**
 * Outgoing mail: through SMTP when SMTP_URL is set, else written as `.eml` files into the
 * data folder's `outbox/` (the same RFC 5322 message, so a developer can open it in a mail
 * reader). Both paths build the message with nodemailer.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { writeFileWhole } from './files.ts';

export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer | string;
  readonly contentType?: string;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly replyTo?: string;
  /** Extra headers (the digest's List-Unsubscribe, server/src/alerts/digest-mail.ts). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly attachments?: readonly MailAttachment[];
}

export interface SentMail {
  readonly messageId: string;
  /** Where it went: `smtp` or the outbox file path. */
  readonly via: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  /** UP when the SMTP server answers (or the outbox folder is writable). */
  check(): Promise<{ ok: boolean; error?: string }>;
  close(): void;
}

export interface MailerConfig {
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly dataDir: string;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.headers ? { headers: { ...message.headers } } : {}),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        }
      : {}),
  };
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(toNodemailer(message, config.mailFrom));
        return { messageId: info.messageId, via: 'smtp' };
      },
      async check() {
        try {
          await transport.verify();
          return { ok: true };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(config.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, config.mailFrom));
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      writeFileWhole(file, info.message as Buffer);
      return { messageId: info.messageId, via: file };
    },
    async check() {
      try {
        mkdirSync(dir, { recursive: true });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => transport.close(),
  };
}
