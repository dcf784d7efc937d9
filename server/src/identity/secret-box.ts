/**
 * TOTP secrets at rest: AES-256-GCM under a key from configuration (TOTP_ENCRYPTION_KEY), bound
 * to the user's row (the row id is the additional data, so a ciphertext copied to another user's
 * row does not open). A sealed value names its key by a short id, so a rotation reads values
 * sealed under a previous key (TOTP_ENCRYPTION_PREVIOUS_KEYS) while the start-up step reseals
 * them under the current one (totp-keys.ts). A value without the `v1.` prefix is a secret stored
 * in clear before this existed; it is read as it is until that step seals it.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, userId: number): string;
  /** The secret, or undefined when no configured key opens it (or it was altered). */
  open(stored: string, userId: number): string | undefined;
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

const aad = (userId: number) => Buffer.from(`user_two_factor:${userId}`);

export function createSecretBox(current: string, previous: readonly string[] = []): SecretBox {
  const key = keyOf(current);
  const keys = new Map([key, ...previous.map(keyOf)].map((k) => [k.id, k.bytes]));
  return {
    seal(plain, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.bytes, iv).setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', key.id, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(stored, userId) {
      if (!stored.startsWith('v1.')) return stored;
      const [, id, iv, body, tag] = stored.split('.');
      const bytes = id === undefined ? undefined : keys.get(id);
      if (!bytes || iv === undefined || body === undefined || tag === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', bytes, Buffer.from(iv, 'base64url'))
          .setAAD(aad(userId))
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
