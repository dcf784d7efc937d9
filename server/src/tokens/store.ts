/**
 * Personal access tokens (migration 0040, docs/integrations.md): created with a name, a scope and
 * an expiry; the secret is returned once and only its SHA-256 is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TokenScope } from '@extranet/core/domain/personalToken.ts';
import { toRecord, type UserRecord } from '../accounts/users.ts';
import type { Queryable } from '../db/types.ts';

/** What a token opens: lists and details (`read`), and exports too (`read+export`); core's contract names them. */
export type { TokenScope };

/** Secret scanners recognise a leaked token by this prefix. */
export const TOKEN_PREFIX = 'ext_pat_';
/** Per user, so a script in a loop cannot fill the table. */
export const MAX_TOKENS_PER_USER = 50;
/** `last_used_at` is written at most once a minute per token, as for sessions. */
const LAST_USED_GRANULARITY_MS = 60_000;

export interface TokenRow {
  readonly id: number;
  readonly name: string;
  readonly scope: TokenScope;
  readonly prefix: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly lastUsedAt: Date | null;
}

export const isPersonalToken = (bearer: string) => bearer.startsWith(TOKEN_PREFIX);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toToken = (row: Record<string, unknown>): TokenRow => ({
  id: Number(row.id),
  name: row.name as string,
  scope: row.scope as TokenScope,
  prefix: row.prefix as string,
  createdAt: row.created_at as Date,
  expiresAt: row.expires_at as Date,
  lastUsedAt: (row.last_used_at as Date | null) ?? null,
});

const COLUMNS = 'id, name, scope, prefix, created_at, expires_at, last_used_at';

export async function countTokens(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM personal_tokens WHERE user_id = $1',
    [userId],
  );
  return Number(row!.n);
}

/** Creates a token; the secret is in the answer and nowhere else. */
export async function createToken(
  db: Queryable,
  userId: number,
  fields: { readonly name: string; readonly scope: TokenScope; readonly expiresAt: Date },
  now: Date,
): Promise<{ readonly token: string; readonly row: TokenRow }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query(
    `INSERT INTO personal_tokens (user_id, name, scope, token_hash, prefix, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      userId,
      fields.name,
      fields.scope,
      hashOf(token),
      token.slice(0, TOKEN_PREFIX.length + 4),
      now,
      fields.expiresAt,
    ],
  );
  return { token, row: toToken(row!) };
}

/** The user's tokens, expired ones included (they say so), newest first. */
export async function listTokens(db: Queryable, userId: number): Promise<TokenRow[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM personal_tokens WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(toToken);
}

/** Revokes one of the user's tokens; the revoked row, or undefined when it is not theirs. */
export async function revokeToken(db: Queryable, userId: number, id: number): Promise<TokenRow | undefined> {
  const [row] = await db.query(
    `DELETE FROM personal_tokens WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row ? toToken(row) : undefined;
}

export interface TokenUser {
  readonly user: UserRecord;
  readonly tokenId: number;
  readonly scope: TokenScope;
  readonly expiresAt: Date;
}

/**
 * The user behind a bearer token still valid at `now`, with its roles, in one query; the token's
 * last use is written at most once a minute.
 */
export async function findTokenUser(db: Queryable, token: string, now: Date): Promise<TokenUser | undefined> {
  const [row] = await db.query(
    `SELECT u.*, t.id AS pat_id, t.scope AS pat_scope, t.last_used_at AS pat_last_used,
            t.expires_at AS pat_expires_at,
            coalesce(array_agg(a.authority_name::text ORDER BY a.authority_name)
                     FILTER (WHERE a.authority_name IS NOT NULL), '{}'::text[]) AS authorities
       FROM personal_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN user_authority a ON a.user_id = u.id
      WHERE t.token_hash = $1 AND t.expires_at > $2
      GROUP BY u.id, t.id`,
    [hashOf(token), now],
  );
  if (!row) return undefined;
  const { pat_id, pat_scope, pat_last_used, pat_expires_at, ...user } = row;
  const tokenId = Number(pat_id);
  const lastUsed = pat_last_used as Date | null;
  if (!lastUsed || now.getTime() - lastUsed.getTime() > LAST_USED_GRANULARITY_MS) {
    await db.query('UPDATE personal_tokens SET last_used_at = $2 WHERE id = $1', [tokenId, now]);
  }
  return { user: toRecord(user), tokenId, scope: pat_scope as TokenScope, expiresAt: pat_expires_at as Date };
}
