/**
 * Mails the mail server could not take (after-sales messages, activation, reset and new-user
 * mails alike: mail/outbox.ts) are kept here and sent again later, so a broker whose
 * message met an SMTP outage does not have to write it again. Each is one JSON file (the mail
 * with its attachments in base64, mode 0600: it holds personal data) in
 * `DATA_DIR/outbox/pending/`. A retry claims a file by renaming it (`.json` → `.sending`), so
 * two server processes sharing the folder never send the same message twice; a claim older
 * than STALE_CLAIM_MS (a process that died mid-send) is released again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWhole } from './files.ts';
import type { Mailer, MailMessage } from './mailer.ts';

const STALE_CLAIM_MS = 10 * 60_000;

interface StoredMail {
  readonly keptAt: string;
  readonly attempts: number;
  readonly lastError?: string;
  readonly message: Omit<MailMessage, 'attachments'> & {
    readonly attachments: { filename: string; contentType?: string; base64: string }[];
  };
}

export interface RetryReport {
  readonly sent: number;
  readonly failed: number;
}

export function pendingDir(outbox: string): string {
  return join(outbox, 'pending');
}

function toStored(message: MailMessage, attempts: number, lastError?: string): StoredMail {
  return {
    keptAt: new Date().toISOString(),
    attempts,
    ...(lastError ? { lastError } : {}),
    message: {
      ...message,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        ...(a.contentType ? { contentType: a.contentType } : {}),
        base64: Buffer.from(a.content).toString('base64'),
      })),
    },
  };
}

function fromStored(stored: StoredMail): MailMessage {
  return {
    ...stored.message,
    attachments: stored.message.attachments.map((a) => ({
      filename: a.filename,
      ...(a.contentType ? { contentType: a.contentType } : {}),
      content: Buffer.from(a.base64, 'base64'),
    })),
  };
}

function writeAtomically(file: string, stored: StoredMail): void {
  writeFileWhole(file, JSON.stringify(stored));
}

/** Keeps `message` for a later retry; returns the file it is kept in. */
export function keepPending(dir: string, message: MailMessage, error: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.json`);
  writeAtomically(file, toStored(message, 1, error));
  return file;
}

/** The messages waiting for a retry (file names, oldest first). */
export function listPending(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}

function releaseStaleClaims(dir: string, now: number): void {
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.sending'))) {
    const file = join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_CLAIM_MS) renameSync(file, file.replace(/\.sending$/, ''));
    } catch {
      // Another process released or sent it meanwhile.
    }
  }
}

/** Tries every kept message once, oldest first; sent ones are deleted, failed ones kept. */
export async function retryPending(dir: string, mailer: Mailer, now = Date.now()): Promise<RetryReport> {
  let sent = 0;
  let failed = 0;
  try {
    releaseStaleClaims(dir, now);
  } catch {
    return { sent, failed };
  }
  for (const name of listPending(dir)) {
    const file = join(dir, name);
    const claimed = `${file}.sending`;
    try {
      renameSync(file, claimed);
    } catch {
      continue; // claimed by another process
    }
    let stored: StoredMail;
    try {
      stored = JSON.parse(readFileSync(claimed, 'utf8')) as StoredMail;
    } catch {
      // Unreadable: set aside for a person to look at, never retried in a loop.
      renameSync(claimed, `${file}.bad`);
      continue;
    }
    try {
      await mailer.send(fromStored(stored));
      unlinkSync(claimed);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      writeAtomically(claimed, { ...stored, attempts: stored.attempts + 1, lastError: message });
      renameSync(claimed, file);
      failed += 1;
      // The server is still down: the next messages would fail the same way.
      break;
    }
  }
  return { sent, failed };
}
