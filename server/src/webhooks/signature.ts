/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the `webhook-signature` header is
 * `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of the endpoint's
 * secret after its `whsec_` prefix (base64).
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** The `webhook-signature` value of one attempt. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
