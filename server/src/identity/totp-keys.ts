/**
 * The TOTP secrets' key at start-up: the configured one (TOTP_ENCRYPTION_KEY), else the embedded
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
import { createSecretBox, type SecretBox } from './secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Seals and opens the TOTP secrets stored in `user_two_factor` (identity/secret-box.ts); loaded
     * on first need, so a database unreachable at start-up does not stop the server starting.
     */
    readonly totpSecrets: () => Promise<SecretBox>;
  }
}

/**
 * The box, made once (key read, then every secret resealed) and kept; a failure (the database
 * down at start) is not kept, so the next request tries again.
 */
export function totpSecretsLoader(
  config: Config,
  db: Queryable,
  log?: FastifyBaseLogger,
): () => Promise<SecretBox> {
  let made: Promise<SecretBox> | undefined;
  return () => {
    made ??= (async () => {
      const box = await totpSecretBox(config, db);
      await resealTotpSecrets(db, box, log);
      return box;
    })().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

async function totpSecretBox(config: Config, db: Queryable): Promise<SecretBox> {
  return createSecretBox(config.totpKey ?? (await sharedSecret(db, 'totp')), config.totpPreviousKeys);
}

/** Reseals under the current key what is not yet; returns how many rows were and how many no key opens. */
export async function resealTotpSecrets(
  db: Queryable,
  box: SecretBox,
  log?: FastifyBaseLogger,
): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db.query<{ user_id: number | string; secret: string }>(
    'SELECT user_id, secret FROM user_two_factor',
  );
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (box.isCurrent(row.secret)) continue;
    const userId = Number(row.user_id);
    const plain = box.open(row.secret, userId);
    if (plain === undefined) {
      unreadable++;
      continue;
    }
    const done = await db.query(
      'UPDATE user_two_factor SET secret = $3 WHERE user_id = $1 AND secret = $2 RETURNING user_id',
      [userId, row.secret, box.seal(plain, userId)],
    );
    resealed += done.length;
  }
  if (resealed > 0) log?.info({ resealed }, 'TOTP secrets sealed under the current TOTP_ENCRYPTION_KEY');
  if (unreadable > 0) {
    log?.error(
      { unreadable },
      'TOTP secrets that neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_PREVIOUS_KEYS opens: those users cannot pass their second factor until an administrator resets it',
    );
  }
  return { resealed, unreadable };
}
