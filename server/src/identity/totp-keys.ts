/**
 * The key of the secrets at rest (TOTP secrets, webhook signing secrets) at start-up: the configured one (TOTP_ENCRYPTION_KEY), else the embedded
 * database's generated file (config.ts) or, with PostgreSQL, one generated once into the database
 * (`server_secret`, as the JWT secret is without JWT_SECRET: no protection against a copy of the
 * database, so production sets the variable). Then every secret not sealed under the current key
 * (in clear from before migration 0024, or under a previous key during a rotation) is resealed,
 * one row at a time and only if it did not change meanwhile, so instances starting together agree.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { sharedSecret } from '../db/secrets.ts';
import type { Queryable } from '../db/types.ts';
import { createSecretBox, type SealedTable, type SecretBox } from './secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Seals and opens the TOTP secrets stored in `user_two_factor` (identity/secret-box.ts); loaded
     * on first need, so a database unreachable at start-up does not stop the server starting.
     */
    readonly totpSecrets: () => Promise<SecretBox>;
    /** The same for the webhook signing secrets of `webhook_endpoint`, under the same key. */
    readonly webhookSecrets: () => Promise<SecretBox>;
  }
}

/** Where each table keeps its sealed secret, and the id its ciphertext is bound to. */
const SEALED: Readonly<Record<SealedTable, { readonly id: string; readonly what: string }>> = {
  user_two_factor: { id: 'user_id', what: 'TOTP secrets' },
  webhook_endpoint: { id: 'id', what: 'webhook secrets' },
};

/**
 * The box, made once (key read, then every secret resealed) and kept; a failure (the database
 * down at start) is not kept, so the next request tries again.
 */
export function totpSecretsLoader(
  config: Config,
  db: Queryable,
  log?: FastifyBaseLogger,
  table: SealedTable = 'user_two_factor',
): () => Promise<SecretBox> {
  let made: Promise<SecretBox> | undefined;
  return () => {
    made ??= (async () => {
      const box = await secretBox(config, db, table);
      await resealSecrets(db, box, table, log);
      return box;
    })().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

async function secretBox(config: Config, db: Queryable, table: SealedTable): Promise<SecretBox> {
  return createSecretBox(config.totpKey ?? (await sharedSecret(db, 'totp')), config.totpPreviousKeys, table);
}

/** Reseals under the current key what is not yet; returns how many rows were and how many no key opens. */
export async function resealTotpSecrets(db: Queryable, box: SecretBox, log?: FastifyBaseLogger) {
  return resealSecrets(db, box, 'user_two_factor', log);
}

/** The same for any table of sealed secrets (`box` made for that table). */
export async function resealSecrets(
  db: Queryable,
  box: SecretBox,
  table: SealedTable,
  log?: FastifyBaseLogger,
): Promise<{ resealed: number; unreadable: number }> {
  const { id, what } = SEALED[table];
  const rows = await db.query<{ id: number | string; secret: string }>(
    `SELECT ${id} AS id, secret FROM ${table}`,
  );
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (box.isCurrent(row.secret)) continue;
    const rowId = Number(row.id);
    const plain = box.open(row.secret, rowId);
    if (plain === undefined) {
      unreadable++;
      continue;
    }
    const done = await db.query(
      `UPDATE ${table} SET secret = $3 WHERE ${id} = $1 AND secret = $2 RETURNING ${id}`,
      [rowId, row.secret, box.seal(plain, rowId)],
    );
    resealed += done.length;
  }
  if (resealed > 0) log?.info({ resealed }, `${what} sealed under the current TOTP_ENCRYPTION_KEY`);
  if (unreadable > 0) {
    log?.error(
      { unreadable },
      table === 'user_two_factor'
        ? 'TOTP secrets that neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_PREVIOUS_KEYS opens: those users cannot pass their second factor until an administrator resets it'
        : 'webhook secrets that neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_PREVIOUS_KEYS opens: their deliveries fail until the endpoint is deleted and registered again',
    );
  }
  return { resealed, unreadable };
}
