/**
 * Who saw whom (docs/security.md "Data protection"): the `personal_data_access` trail of views
 * of an insured person's or a policy's detail, NIR reveals, exports holding personal data,
 * personal-data exports and anonymisations, with where they came from. Written in the request
 * that shows the data (a failed write fails the request: nothing is shown unrecorded); read per
 * insured person by administrators; deleted by the retention job after its own period.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.ts';

export type AccessKind = 'detail' | 'nir_reveal' | 'export' | 'personal_data_export' | 'anonymise';

export interface AccessTarget {
  readonly idAssure?: number | null;
  readonly idPolice?: number | null;
  /** An export's list and query. */
  readonly detail?: string;
}

export async function recordAccess(
  db: Queryable,
  request: FastifyRequest,
  kind: AccessKind,
  target: AccessTarget,
): Promise<void> {
  const agent = request.headers['user-agent'];
  await db.query(
    `INSERT INTO personal_data_access (login, kind, id_assure, id_police, ip, user_agent, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      (request.principal?.login ?? 'anonymous').slice(0, 100),
      kind,
      target.idAssure ?? null,
      target.idPolice ?? null,
      request.ip,
      typeof agent === 'string' ? agent.slice(0, 500) : null,
      target.detail?.slice(0, 2000) ?? null,
    ],
  );
}

/** One line of "who looked at my file?". */
export interface AccessEvent {
  readonly id: number;
  readonly at: string;
  readonly login: string;
  readonly kind: AccessKind;
  readonly idAssure: number | null;
  readonly idPolice: number | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/** The most events one answer lists, newest first (X-Total-Count says how many there are). */
export const ACCESS_PAGE = 1000;

/**
 * Events naming the insured person, and views of their policy's detail, newest first (the id
 * breaks ties of one instant).
 */
export async function accessEventsOf(
  db: Queryable,
  idAssure: number,
  idPolice: number,
): Promise<{ total: number; events: AccessEvent[] }> {
  const where = 'id_assure = $1 OR (id_police = $2 AND id_assure IS NULL)';
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM personal_data_access WHERE ${where}`,
    [idAssure, idPolice],
  );
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, at, login, kind, id_assure, id_police, ip, user_agent FROM personal_data_access
      WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${ACCESS_PAGE}`,
    [idAssure, idPolice],
  );
  return {
    total: count?.n ?? 0,
    events: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at as string | Date).toISOString(),
      login: row.login as string,
      kind: row.kind as AccessKind,
      idAssure: row.id_assure === null ? null : Number(row.id_assure),
      idPolice: row.id_police === null ? null : Number(row.id_police),
      ip: (row.ip as string | null) ?? null,
      userAgent: (row.user_agent as string | null) ?? null,
    })),
  };
}

/** Deletes events older than `days` before `now`; returns how many. */
export async function sweepAccessLog(db: Queryable, days: number, now: Date): Promise<number> {
  const rows = await db.query(
    `DELETE FROM personal_data_access WHERE at < $1::timestamptz - make_interval(days => $2::int) RETURNING 1`,
    [now.toISOString(), days],
  );
  return rows.length;
}
