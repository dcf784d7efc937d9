/**
 * Mails the mail server could not take (after-sales messages with their attachments, activation,
 * reset and new-user mails alike: mail/outbox.ts) wait in the database's `mail_outbox` table, so
 * any instance of the fleet can send them and none sends one twice. A retry claims one row at a
 * time with `FOR UPDATE SKIP LOCKED` (two instances never claim the same row); a sent mail is
 * deleted, a failed one is kept with its attempt count, its error and a later due time (back-off).
 * A claim older than STALE_CLAIM (an instance that died mid-send) is claimable again.
 */
import { hostname } from 'node:os';
import type { Queryable } from '../db/types.ts';
import type { MailMessage } from './mailer.ts';

const STALE_CLAIM = '10 minutes';
/** The longest wait between two attempts at one mail (unless the retry period itself is longer). */
const MAX_BACKOFF_SECONDS = 3600;

/** Who claimed a mail, as the table shows it. */
const INSTANCE = `${hostname()}:${process.pid}`;

export interface RetryReport {
  readonly sent: number;
  readonly failed: number;
  /** Of `sent` and `failed`, the queued mails on their first attempt (`queueMail`: never tried before). */
  readonly firstSent: number;
  readonly firstFailed: number;
}

export interface KeptMail {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly nextAttemptAt: Date;
}

/** Seconds to wait after the `attempts`-th failed attempt: the retry period, doubled each time. */
export function backoffSeconds(retrySeconds: number, attempts: number): number {
  const doubled = retrySeconds * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(doubled, Math.max(retrySeconds, MAX_BACKOFF_SECONDS));
}

/** Keeps `message` for a later retry (one transaction: the mail and its attachments, or nothing). */
export async function keepPending(
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  message: MailMessage,
  error: string,
  retrySeconds: number,
): Promise<number> {
  const { attachments = [], ...headers } = message;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO mail_outbox (message, last_error, next_attempt_at)
       VALUES ($1, $2, now() + make_interval(secs => $3)) RETURNING id`,
      [JSON.stringify(headers), error, retrySeconds],
    );
    const id = Number(row!.id);
    for (const [position, a] of attachments.entries()) {
      await tx.query(
        `INSERT INTO mail_outbox_attachment (mail_id, position, filename, content_type, content)
         VALUES ($1, $2, $3, $4, $5)`,
        [id, position, a.filename, a.contentType ?? null, Buffer.from(a.content)],
      );
    }
    return id;
  });
}

/**
 * Queues `message` (without attachments) in the caller's transaction, due now and never tried:
 * the digest (alerts/digest.ts) is queued in the transaction that moves its high-water mark, so
 * the mail exists exactly when the mark moved, and the outbox's next run sends it.
 */
export async function queueMail(tx: Queryable, message: MailMessage): Promise<void> {
  const { attachments: _none, ...headers } = message;
  await tx.query(`INSERT INTO mail_outbox (message, attempts, next_attempt_at) VALUES ($1, 0, now())`, [
    JSON.stringify(headers),
  ]);
}

/** The mails waiting for a retry, oldest first. */
export async function listPending(db: Queryable): Promise<KeptMail[]> {
  const rows = await db.query<{
    id: number;
    message: { to: string; subject: string };
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
  }>('SELECT id, message, attempts, last_error, next_attempt_at FROM mail_outbox ORDER BY id');
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.message.to,
    subject: r.message.subject,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.next_attempt_at,
  }));
}

async function claim(
  session: Queryable,
): Promise<{ id: number; message: MailMessage; attempts: number } | undefined> {
  const [row] = await session.query<{ id: number; message: MailMessage; attempts: number }>(
    `UPDATE mail_outbox SET claimed_at = now(), claimed_by = $1
     WHERE id = (
       SELECT id FROM mail_outbox
       WHERE next_attempt_at <= now() AND (claimed_at IS NULL OR claimed_at < now() - interval '${STALE_CLAIM}')
       ORDER BY id LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, message, attempts`,
    [INSTANCE],
  );
  if (!row) return undefined;
  const attachments = await session.query<{
    filename: string;
    content_type: string | null;
    content: Uint8Array;
  }>(
    'SELECT filename, content_type, content FROM mail_outbox_attachment WHERE mail_id = $1 ORDER BY position',
    [row.id],
  );
  const message: MailMessage = {
    ...row.message,
    ...(attachments.length > 0
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            ...(a.content_type ? { contentType: a.content_type } : {}),
            content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
          })),
        }
      : {}),
  };
  return { id: Number(row.id), message, attempts: row.attempts };
}

/**
 * Tries the due kept mails once each, oldest first: sent ones are deleted, a failed one is kept
 * for later and ends the run (the mail server is still down: the next ones would fail the same way).
 */
export async function retryPending(
  session: Queryable,
  send: (message: MailMessage) => Promise<unknown>,
  retrySeconds: number,
): Promise<RetryReport> {
  let sent = 0;
  let firstSent = 0;
  for (;;) {
    const mail = await claim(session);
    if (!mail) return { sent, failed: 0, firstSent, firstFailed: 0 };
    try {
      await send(mail.message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await session.query(
        `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2, claimed_at = NULL, claimed_by = NULL,
           next_attempt_at = now() + make_interval(secs => $3)
         WHERE id = $1`,
        [mail.id, reason, backoffSeconds(retrySeconds, mail.attempts + 1)],
      );
      return { sent, failed: 1, firstSent, firstFailed: mail.attempts === 0 ? 1 : 0 };
    }
    await session.query('DELETE FROM mail_outbox WHERE id = $1', [mail.id]);
    sent += 1;
    if (mail.attempts === 0) firstSent += 1;
  }
}
