/**
 * The persisted audit trail (management/audits): sign-in successes and failures.
 */
import type { Queryable } from '../db/types.ts';

export const AuditType = {
  AUTHENTICATION_SUCCESS: 'AUTHENTICATION_SUCCESS',
  AUTHENTICATION_FAILURE: 'AUTHENTICATION_FAILURE',
} as const;

export async function writeAuditEvent(
  db: Queryable,
  principal: string,
  type: string,
  data: Readonly<Record<string, string>>,
): Promise<void> {
  await db.query('INSERT INTO audit_events (principal, event_type, data) VALUES ($1, $2, $3::jsonb)', [
    principal.slice(0, 100),
    type,
    JSON.stringify(data),
  ]);
}
