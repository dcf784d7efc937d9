/**
 * Driving single sign-on in the server tests: an app listening on a real port (the provider
 * redirects a browser to it), a client verifier and its challenge, and the audit rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/types.ts';

/** A free loopback port, as the test PostgreSQL finder picks one. */
export { freePort } from '../../../scripts/ensure-postgres.ts';

export function clientPair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The parameters of the web app's return route `#/sso?…` or the CLI's loopback address. */
export function answerOf(final: URL): URLSearchParams {
  const hash = final.hash.replace(/^#\/sso\??/, '');
  return new URLSearchParams(final.hash ? hash : final.search);
}

export async function counts(db: Db): Promise<{ users: number; sessions: number }> {
  const [row] = await db.query<{ users: number; sessions: number }>(
    'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM user_sessions)::int AS sessions',
  );
  return { users: Number(row!.users), sessions: Number(row!.sessions) };
}

export async function lastAudit(
  db: Db,
): Promise<{ principal: string; type: string; data: Record<string, string> }> {
  const [row] = await db.query<{ principal: string; event_type: string; data: Record<string, string> }>(
    'SELECT principal, event_type, data FROM audit_events ORDER BY id DESC LIMIT 1',
  );
  return { principal: row!.principal, type: row!.event_type, data: row!.data };
}
