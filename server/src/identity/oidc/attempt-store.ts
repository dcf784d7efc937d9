/**
 * The attempts and hand-offs of single sign-on (migration 0019). Each is read once: the read
 * deletes the row in the same statement, so two requests carrying one state or one code (a
 * replay, or two instances racing) see it at most once between them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';

/** 32 random bytes, base64url: the state, the nonce, the browser binding, the hand-off code. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
/** What the tables keep instead of a token: its SHA-256, base64url (43 characters). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface Attempt {
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly browserHash: string;
  readonly loopbackPort: number | null;
  readonly clientChallenge: string | null;
  readonly rememberMe: boolean;
  readonly expiresAt: Date;
}

export interface NewAttempt extends Omit<Attempt, 'expiresAt'> {
  readonly state: string;
}

export async function saveAttempt(db: Queryable, attempt: NewAttempt, now: Date, expiresAt: Date) {
  // Attempts nobody finished go when a new one starts, so the table stays small.
  await db.query('DELETE FROM oidc_attempts WHERE expires_at < $1', [new Date(now.getTime() - 3_600_000)]);
  await db.query(
    `INSERT INTO oidc_attempts (state_hash, browser_hash, nonce, code_verifier, loopback_port,
                                client_challenge, remember_me, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tokenHash(attempt.state),
      attempt.browserHash,
      attempt.nonce,
      attempt.codeVerifier,
      attempt.loopbackPort,
      attempt.clientChallenge,
      attempt.rememberMe,
      now,
      expiresAt,
    ],
  );
}

/** The attempt of `state`, deleted as it is read; undefined when there is none (any more). */
export async function takeAttempt(db: Queryable, state: string): Promise<Attempt | undefined> {
  const [row] = await db.query(
    `DELETE FROM oidc_attempts WHERE state_hash = $1
     RETURNING browser_hash, nonce, code_verifier, loopback_port, client_challenge, remember_me, expires_at`,
    [tokenHash(state)],
  );
  if (!row) return undefined;
  return {
    browserHash: (row.browser_hash as string).trim(),
    nonce: row.nonce as string,
    codeVerifier: row.code_verifier as string,
    loopbackPort: row.loopback_port === null ? null : Number(row.loopback_port),
    clientChallenge: (row.client_challenge as string | null)?.trim() ?? null,
    rememberMe: row.remember_me as boolean,
    expiresAt: row.expires_at as Date,
  };
}

export interface Handoff {
  readonly userId: number;
  readonly clientChallenge: string | null;
  readonly rememberMe: boolean;
  readonly expiresAt: Date;
}

/** Stores a hand-off and returns its one-time code. */
export async function saveHandoff(
  db: Queryable,
  handoff: Omit<Handoff, 'expiresAt'>,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  await db.query('DELETE FROM oidc_handoffs WHERE expires_at < $1', [now]);
  const code = randomToken();
  await db.query(
    `INSERT INTO oidc_handoffs (code_hash, user_id, client_challenge, remember_me, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [tokenHash(code), handoff.userId, handoff.clientChallenge, handoff.rememberMe, expiresAt],
  );
  return code;
}

export async function takeHandoff(db: Queryable, code: string): Promise<Handoff | undefined> {
  const [row] = await db.query(
    `DELETE FROM oidc_handoffs WHERE code_hash = $1
     RETURNING user_id, client_challenge, remember_me, expires_at`,
    [tokenHash(code)],
  );
  if (!row) return undefined;
  return {
    userId: Number(row.user_id),
    clientChallenge: (row.client_challenge as string | null)?.trim() ?? null,
    rememberMe: row.remember_me as boolean,
    expiresAt: row.expires_at as Date,
  };
}
