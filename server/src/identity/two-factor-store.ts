/** The two-factor tables (migration 0015): enrolments, recovery codes, roles that require it. */
import type { Queryable } from '../db/types.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

export interface TwoFactorRow {
  readonly secret: string;
  readonly lastStep: number;
  readonly enrolledAt: Date;
}

export async function findTwoFactor(db: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.query<{ secret: string; last_step: number | string; enrolled_at: Date }>(
    'SELECT secret, last_step, enrolled_at FROM user_two_factor WHERE user_id = $1',
    [userId],
  );
  return row && { secret: row.secret, lastStep: Number(row.last_step), enrolledAt: row.enrolled_at };
}

/** Stores a confirmed enrolment (replacing any earlier one) with its recovery codes, hashed. */
export async function saveEnrolment(
  db: Queryable,
  userId: number,
  secret: string,
  step: number,
  recoveryCodes: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO user_two_factor (user_id, secret, last_step) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = excluded.last_step,
                                         enrolled_at = now()`,
    [userId, secret, step],
  );
  await db.query('INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    recoveryCodes.map(hashRecoveryCode),
  ]);
}

/**
 * Takes time step `step` for the user: true only when it is later than every step accepted
 * before, in one statement, so the same code sent twice at once still gets in once.
 */
export async function takeStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id',
    [userId, step],
  );
  return rows.length === 1;
}

/** Uses up a recovery code: true when it was one of the user's unused codes. */
export async function takeRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM two_factor_recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING user_id',
    [userId, hashRecoveryCode(code)],
  );
  return rows.length === 1;
}

export async function countRecoveryCodes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int8 AS n FROM two_factor_recovery_codes WHERE user_id = $1',
    [userId],
  );
  return Number(row!.n);
}

/** Forgets the user's enrolment and codes; true when there was one. */
export async function resetTwoFactor(db: Queryable, userId: number): Promise<boolean> {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  const rows = await db.query('DELETE FROM user_two_factor WHERE user_id = $1 RETURNING user_id', [userId]);
  return rows.length === 1;
}

export async function requiredRoles(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ authority_name: string }>(
    'SELECT authority_name FROM two_factor_required_roles ORDER BY authority_name',
  );
  return rows.map((r) => r.authority_name);
}

/** The names among `roles` that are no role at all. */
export async function unknownRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT r.name FROM unnest($1::text[]) AS r (name)
      WHERE NOT EXISTS (SELECT 1 FROM authorities a WHERE a.name = r.name) ORDER BY r.name`,
    [[...new Set(roles)]],
  );
  return rows.map((r) => r.name);
}

/** Replaces the roles that require a second factor (known roles only: the route checks first). */
export async function setRequiredRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(roles)];
  // One statement, so a concurrent sign-in never sees the list empty half-way through.
  await db.query(
    `WITH gone AS (DELETE FROM two_factor_required_roles WHERE NOT (authority_name = ANY($1::text[])))
     INSERT INTO two_factor_required_roles SELECT name FROM authorities WHERE name = ANY($1::text[])
     ON CONFLICT DO NOTHING`,
    [wanted],
  );
  return requiredRoles(db);
}

/** Whether one of `authorities` requires a second factor. */
export async function isRequiredFor(db: Queryable, authorities: readonly string[]): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int8 AS n FROM two_factor_required_roles WHERE authority_name = ANY($1::text[])',
    [[...authorities]],
  );
  return Number(row!.n) > 0;
}
