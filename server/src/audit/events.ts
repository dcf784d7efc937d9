/**
 * The persisted audit trail (management/audits): sign-in successes and failures, second-factor
 * failures, enrolments and their resets, ended sessions.
 */
import type { Queryable } from '../db/types.ts';

export const AuditType = {
  AUTHENTICATION_SUCCESS: 'AUTHENTICATION_SUCCESS',
  AUTHENTICATION_FAILURE: 'AUTHENTICATION_FAILURE',
  SECOND_FACTOR_FAILURE: 'SECOND_FACTOR_FAILURE',
  TWO_FACTOR_ENROLLED: 'TWO_FACTOR_ENROLLED',
  TWO_FACTOR_RESET: 'TWO_FACTOR_RESET',
  SESSION_ENDED: 'SESSION_ENDED',
  /** The roles that require a second factor changed (`roles` lists them after the change). */
  TWO_FACTOR_ROLES_CHANGED: 'TWO_FACTOR_ROLES_CHANGED',
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

export interface AuditEvent {
  readonly id: number;
  readonly timestamp: Date;
  readonly principal: string;
  readonly type: string;
  readonly data: Record<string, string>;
}

/** API sort field → SQL expression (JHipster 4 names and the screen's column names). */
export const AUDIT_SORTABLE: Readonly<Record<string, string>> = {
  id: 'id',
  timestamp: 'event_date',
  auditEventDate: 'event_date',
  principal: 'principal',
  type: 'event_type',
  auditEventType: 'event_type',
  'data.message': "(data->>'message')",
};

const toEvent = (row: Record<string, unknown>): AuditEvent => ({
  id: row.id as number,
  timestamp: row.event_date as Date,
  principal: row.principal as string,
  type: row.event_type as string,
  data: row.data as Record<string, string>,
});

/** Events from `from` (inclusive) to `toExclusive`, one page. `orderBy` comes from AUDIT_SORTABLE. */
export async function listAuditEvents(
  db: Queryable,
  from: Date,
  toExclusive: Date,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<{ total: number; events: AuditEvent[] }> {
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::int8 AS n FROM audit_events WHERE event_date >= $1 AND event_date < $2',
    [from, toExclusive],
  );
  const rows = await db.query(
    `SELECT id, event_date, principal, event_type, data FROM audit_events
      WHERE event_date >= $1 AND event_date < $2 ORDER BY ${orderBy} LIMIT $3 OFFSET $4`,
    [from, toExclusive, limit, offset],
  );
  return { total: count!.n, events: rows.map(toEvent) };
}

export async function findAuditEvent(db: Queryable, id: number): Promise<AuditEvent | undefined> {
  const [row] = await db.query(
    'SELECT id, event_date, principal, event_type, data FROM audit_events WHERE id = $1',
    [id],
  );
  return row ? toEvent(row) : undefined;
}
