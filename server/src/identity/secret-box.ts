/**
 * Secrets at rest (TOTP secrets, webhook signing secrets): AES-256-GCM under a key from
 * configuration (TOTP_ENCRYPTION_KEY), bound to their row (the table and row id are the
 * additional data, so a ciphertext copied to another row does not open). A sealed value names its key by a short id, so a rotation reads values
 * sealed under a previous key (TOTP_ENCRYPTION_PREVIOUS_KEYS) while the start-up step reseals
 * them under the current one (totp-keys.ts). A value without the `v1.` prefix is a secret stored
 * in clear before this existed; it is read as it is until that step seals it.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, rowId: number): string;
  /** The secret, or undefined when no configured key opens it (or it was altered). */
  open(stored: string, rowId: number): string | undefined;
  /** Whether `stored` is sealed under the current key (nothing to reseal). */
  isCurrent(stored: string): boolean;
}

interface Key {
  readonly id: string;
  readonly bytes: Buffer;
}

const keyOf = (configured: string): Key => {
  const bytes = Buffer.from(hkdfSync('sha256', configured, 'extranet', 'totp-secret-encryption', 32));
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
};

/** The tables whose secrets a box seals, each row's id bound to its ciphertext. */
export type SealedTable = 'user_two_factor' | 'webhook_endpoint';

export function createSecretBox(
  current: string,
  previous: readonly string[] = [],
  table: SealedTable = 'user_two_factor',
): SecretBox {
  const aad = (rowId: number) => Buffer.from(`${table}:${rowId}`);
  const key = keyOf(current);
  const keys = new Map([key, ...previous.map(keyOf)].map((k) => [k.id, k.bytes]));
  return {
    seal(plain, rowId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.bytes, iv).setAAD(aad(rowId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', key.id, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(stored, rowId) {
      if (!stored.startsWith('v1.')) return stored;
      const [, id, iv, body, tag] = stored.split('.');
      const bytes = id === undefined ? undefined : keys.get(id);
      if (!bytes || iv === undefined || body === undefined || tag === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', bytes, Buffer.from(iv, 'base64url'))
          .setAAD(aad(rowId))
          .setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
    isCurrent: (stored) => stored.startsWith(`v1.${key.id}.`),
  };
}
