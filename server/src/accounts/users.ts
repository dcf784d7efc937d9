/**
 * The users table and its roles: the queries every account and admin route shares.
 */

import { createHash } from 'node:crypto';
import { Authority } from '@extranet/core/domain/ids.ts';
import { camelRow } from '../db/rows.ts';
import type { Queryable, Row } from '../db/types.ts';

/** The roles a user may hold: core's `Authority`, the one list. */
export const ROLES = Authority.literals;

export interface UserRecord {
  readonly id: number;
  readonly login: string;
  readonly passwordHash: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly imageUrl: string | null;
  readonly activated: boolean;
  readonly langKey: string | null;
  readonly marque: string | null;
  readonly codeCourtier: string | null;
  readonly activationKey: string | null;
  readonly resetKey: string | null;
  readonly resetDate: Date | null;
  readonly createdBy: string;
  readonly createdDate: Date;
  readonly lastModifiedBy: string | null;
  readonly lastModifiedDate: Date | null;
  /** Raised by a password change or reset and a deactivation: tokens carrying an older one are refused. */
  readonly tokenVersion: number;
  readonly authorities: readonly string[];
}

/** JHipster's UserDTO plus the broker fields `marque` and `codeCourtier`. */
export interface UserDto {
  readonly id: number;
  readonly login: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly imageUrl: string | null;
  readonly activated: boolean;
  readonly langKey: string | null;
  readonly marque: string | null;
  readonly codeCourtier: string | null;
  readonly createdBy: string;
  readonly createdDate: Date;
  readonly lastModifiedBy: string | null;
  readonly lastModifiedDate: Date | null;
  readonly authorities: readonly string[];
}

const SELECT_USER = `
  SELECT u.*,
         coalesce(array_agg(a.authority_name::text ORDER BY a.authority_name)
                  FILTER (WHERE a.authority_name IS NOT NULL), '{}'::text[]) AS authorities
    FROM users u
    LEFT JOIN user_authority a ON a.user_id = u.id`;

export function toRecord(row: Row): UserRecord {
  return camelRow<UserRecord>(row);
}

async function findOne(db: Queryable, where: string, param: unknown): Promise<UserRecord | undefined> {
  const [row] = await db.query(`${SELECT_USER} WHERE ${where} GROUP BY u.id`, [param]);
  return row ? toRecord(row) : undefined;
}

export const findUserByLogin = (db: Queryable, login: string) =>
  findOne(db, 'u.login = $1', login.toLowerCase());
export const findUserById = (db: Queryable, id: number) => findOne(db, 'u.id = $1', id);
export const findUserByEmail = (db: Queryable, email: string) =>
  findOne(db, 'lower(u.email) = lower($1)', email);
/**
 * Activation and reset keys are stored as their SHA-256 (migration 0024): the mailed key is looked
 * up by its hash, so the table holds nothing a reader could use to reset a password.
 */
export const storedKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export const findUserByActivationKey = (db: Queryable, key: string) =>
  findOne(db, 'u.activation_key = $1', storedKey(key));
export const findUserByResetKey = (db: Queryable, key: string) =>
  findOne(db, 'u.reset_key = $1', storedKey(key));

export function toUserDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imageUrl: user.imageUrl,
    activated: user.activated,
    langKey: user.langKey,
    marque: user.marque,
    codeCourtier: user.codeCourtier,
    createdBy: user.createdBy,
    createdDate: user.createdDate,
    lastModifiedBy: user.lastModifiedBy,
    lastModifiedDate: user.lastModifiedDate,
    authorities: user.authorities,
  };
}

export interface NewUser {
  readonly login: string;
  readonly passwordHash: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
  readonly imageUrl?: string | null;
  readonly activated: boolean;
  readonly langKey?: string | null;
  readonly marque?: string | null;
  readonly codeCourtier?: string | null;
  readonly activationKey?: string | null;
  readonly resetKey?: string | null;
  readonly resetDate?: Date | null;
  readonly authorities: readonly string[];
}

export async function insertUser(db: Queryable, user: NewUser, createdBy: string): Promise<UserRecord> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (login, password_hash, first_name, last_name, email, image_url, activated, lang_key,
                        marque, code_courtier, activation_key, reset_key, reset_date, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id`,
    [
      user.login.toLowerCase(),
      user.passwordHash,
      user.firstName ?? null,
      user.lastName ?? null,
      user.email ?? null,
      user.imageUrl ?? null,
      user.activated,
      user.langKey ?? null,
      user.marque ?? null,
      user.codeCourtier ?? null,
      user.activationKey ? storedKey(user.activationKey) : null,
      user.resetKey ? storedKey(user.resetKey) : null,
      user.resetDate ?? null,
      createdBy,
    ],
  );
  await setAuthorities(db, row!.id, user.authorities);
  return (await findUserById(db, row!.id))!;
}

export async function setAuthorities(
  db: Queryable,
  userId: number,
  authorities: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM user_authority WHERE user_id = $1', [userId]);
  const known = [...new Set(authorities)];
  if (known.length === 0) return;
  // Unknown role names are dropped rather than failing on the foreign key.
  await db.query(
    `INSERT INTO user_authority (user_id, authority_name)
     SELECT $1, name FROM authorities WHERE name = ANY($2::text[])`,
    [userId, known],
  );
}

export async function listAuthorities(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT name FROM authorities ORDER BY name');
  return rows.map((r) => r.name);
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM users');
  return row!.n;
}

/** The constraint a unique violation hit (`users_login_key`, `users_email_lower_key`…), if that is what `error` is. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; detail?: string; message?: string } | null;
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unique';
}

export interface AccountFields {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
  readonly langKey?: string | null;
  readonly imageUrl?: string | null;
  readonly login?: string;
  readonly activated?: boolean;
  readonly marque?: string | null;
  readonly codeCourtier?: string | null;
}

const COLUMN: Record<keyof AccountFields, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  langKey: 'lang_key',
  imageUrl: 'image_url',
  login: 'login',
  activated: 'activated',
  marque: 'marque',
  codeCourtier: 'code_courtier',
};

/**
 * Sets the given fields (undefined ones are left alone) and the last-modified stamp. A
 * deactivation raises the token version and deletes the personal access tokens: the user's
 * tokens end with it.
 */
export async function updateUserFields(
  db: Queryable,
  id: number,
  fields: AccountFields,
  modifiedBy: string,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(COLUMN) as [keyof AccountFields, string][]) {
    const value = fields[key];
    if (value === undefined) continue;
    params.push(key === 'login' && typeof value === 'string' ? value.toLowerCase() : value);
    sets.push(`${column} = $${params.length}`);
  }
  if (fields.activated === false) sets.push('token_version = token_version + 1');
  params.push(modifiedBy);
  sets.push(`last_modified_by = $${params.length}`, 'last_modified_date = now()');
  await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, params);
  // Its personal access tokens end too, for good: reactivating the account does not revive them.
  if (fields.activated === false) await db.query('DELETE FROM personal_tokens WHERE user_id = $1', [id]);
}

/** Sets a new password, which ends every token issued before: returns the new token version. */
export async function setPasswordHash(
  db: Queryable,
  id: number,
  passwordHash: string,
  modifiedBy: string,
): Promise<number> {
  const [row] = await db.query<{ token_version: number }>(
    `UPDATE users SET password_hash = $2, reset_key = NULL, reset_date = NULL,
                      token_version = token_version + 1,
                      last_modified_by = $3, last_modified_date = now()
      WHERE id = $1
      RETURNING token_version`,
    [id, passwordHash, modifiedBy],
  );
  return row!.token_version;
}

export async function setResetKey(db: Queryable, id: number, key: string): Promise<void> {
  await db.query('UPDATE users SET reset_key = $2, reset_date = now() WHERE id = $1', [id, storedKey(key)]);
}

export async function deleteUser(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

/** One page of users; `orderBy` must come from a whitelist (see http/paging.ts). */
export async function listUserRecords(
  db: Queryable,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<UserRecord[]> {
  const rows = await db.query(`${SELECT_USER} GROUP BY u.id ORDER BY ${orderBy} LIMIT $1 OFFSET $2`, [
    limit,
    offset,
  ]);
  return rows.map(toRecord);
}
