/**
 * One attempt at a delivery: a POST of the event's JSON with the Standard Webhooks headers, over
 * a connection whose address is checked as it connects (address.ts), redirects not followed,
 * within the configured time. 2xx is delivered; anything else, or no answer, is a failure.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address.ts';
import { sign } from './signature.ts';

export interface Attempt {
  readonly url: string;
  readonly secret: string;
  readonly messageId: string;
  readonly body: string;
  /** Seconds since the epoch, the `webhook-timestamp`. */
  readonly timestamp: number;
}

export type AttemptResult =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status: number | null; readonly error: string };

export interface SendOptions {
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
}

export function sendAttempt(attempt: Attempt, options: SendOptions): Promise<AttemptResult> {
  const url = new URL(attempt.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // An address written as an IP is connected to without a lookup: checked here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal))
    return Promise.resolve({ ok: false, status: null, error: `${literal} is a private address` });
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(attempt.body),
          'user-agent': 'extranet-webhooks/1',
          'webhook-id': attempt.messageId,
          'webhook-timestamp': String(attempt.timestamp),
          'webhook-signature': sign(attempt.secret, attempt.messageId, attempt.timestamp, attempt.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not kept: only its status counts.
        res.resume();
        res.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status }
              : { ok: false, status, error: `HTTP ${status}` },
          ),
        );
        res.on('error', (error) => resolve({ ok: false, status, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (error) => resolve({ ok: false, status: null, error: error.message.slice(0, 500) }));
    req.end(attempt.body);
  });
}
