/**
 * Audits the sessions ended because a role came to require a second factor their users did not
 * give when opening them: one `SESSION_ENDED` row per user, with how many ended and who did it.
 */
import { AuditType, writeAuditEvent } from '../audit/events.ts';
import type { Queryable } from '../db/types.ts';

export async function auditEndings(
  db: Queryable,
  logins: readonly string[],
  by: string,
  remoteAddress: string,
): Promise<void> {
  const counts = new Map<string, number>();
  for (const login of logins) counts.set(login, (counts.get(login) ?? 0) + 1);
  for (const [login, n] of counts) {
    await writeAuditEvent(db, login, AuditType.SESSION_ENDED, {
      session: 'all',
      sessions: String(n),
      reason: 'second-factor-required',
      by,
      remoteAddress,
    });
  }
}
