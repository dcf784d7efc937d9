/** The store of messages kept for a retry: claimed once, deleted when sent, kept with a count when not. */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import { keepPending, listPending, retryPending } from '../../src/mail/pending.ts';

const message: MailMessage = {
  to: 'sav@example.com',
  subject: 'Réclamation',
  text: 'texte',
  html: '<p>texte</p>',
  attachments: [
    {
      filename: 'rib.pdf',
      content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]),
      contentType: 'application/pdf',
    },
  ],
};

function mailer(fail: boolean) {
  const sent: MailMessage[] = [];
  const m: Mailer = {
    kind: 'smtp',
    send: async (msg) => {
      if (fail) throw new Error('connect ECONNREFUSED');
      sent.push(msg);
      return { messageId: 'x', via: 'smtp' };
    },
    check: async () => ({ ok: !fail }),
    close: () => undefined,
  };
  return { mailer: m, sent };
}

const folder = () => join(mkdtempSync(join(tmpdir(), 'pending-')), 'pending');

describe('pending after-sales messages', () => {
  it('sends a kept message byte for byte and deletes it', async () => {
    const dir = folder();
    keepPending(dir, message, 'down');
    expect(listPending(dir)).toHaveLength(1);
    const { mailer: up, sent } = mailer(false);
    expect(await retryPending(dir, up)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([message]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps a message the server still refuses, counting attempts, and stops at the first failure', async () => {
    const dir = folder();
    keepPending(dir, message, 'down');
    keepPending(dir, { ...message, subject: 'Autre' }, 'down');
    const { mailer: down } = mailer(true);
    expect(await retryPending(dir, down)).toEqual({ sent: 0, failed: 1 });
    const files = listPending(dir);
    expect(files).toHaveLength(2);
    const first = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    expect(first).toMatchObject({ attempts: 2, lastError: 'connect ECONNREFUSED' });
  });

  it('leaves a message claimed by another process alone until the claim is stale', async () => {
    const dir = folder();
    const file = keepPending(dir, message, 'down');
    const claimed = `${file}.sending`;
    writeFileSync(claimed, readFileSync(file));
    rmSync(file);
    const { mailer: up, sent } = mailer(false);
    expect(await retryPending(dir, up)).toEqual({ sent: 0, failed: 0 });
    const old = new Date(Date.now() - 11 * 60_000);
    utimesSync(claimed, old, old);
    expect(await retryPending(dir, up)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('sets an unreadable file aside instead of retrying it for ever', async () => {
    const dir = folder();
    keepPending(dir, message, 'down');
    writeFileSync(join(dir, '0000-broken.json'), '{not json');
    const { mailer: up, sent } = mailer(false);
    expect(await retryPending(dir, up)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(existsSync(join(dir, '0000-broken.json.bad'))).toBe(true);
  });

  it('does nothing when no message was ever kept', async () => {
    expect(await retryPending(folder(), mailer(false).mailer)).toEqual({ sent: 0, failed: 0 });
  });
});
