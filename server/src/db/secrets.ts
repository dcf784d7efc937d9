/**
 * Secrets generated once for a whole database and read by every instance: the JWT signing
 * secret when JWT_SECRET is not configured. The first instance to start inserts
 * a random value; a concurrent start loses the insert (ON CONFLICT DO NOTHING) and reads the
 * winner's, so all instances sign and check tokens with the same secret.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './types.ts';

export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query('INSERT INTO server_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(64).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secret WHERE name = $1', [name]);
  if (!row) throw new Error(`the shared secret ${name} could not be read back`);
  return row.value;
}

/** JWT_SECRET when configured (or the embedded database's own), else the database's shared one. */
export const jwtSecretOf = (configured: string | undefined, db: Queryable): Promise<string> =>
  configured === undefined ? sharedSecret(db, 'jwt') : Promise.resolve(configured);
