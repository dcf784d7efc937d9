/**
 * A real HTTP receiver for webhook tests, and a Standard Webhooks verifier written from the
 * specification with WebCrypto (not the server's node:crypto code), so a signature the server
 * gets wrong fails here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** What the receiver got on `path`, its bodies parsed. */
  on(path: string): { headers: Record<string, string>; body: string; event: WebhookBody }[];
  close(): Promise<void>;
}

export interface WebhookBody {
  readonly type: string;
  readonly timestamp: string;
  readonly data: Record<string, unknown>;
}

/** Answers 204 on every path but those with a `/fail/` part (500). */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = req.url?.includes('/fail/') ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path) =>
      received
        .filter((r) => r.path === path)
        .map((r) => ({ headers: r.headers, body: r.body, event: JSON.parse(r.body) as WebhookBody })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Standard Webhooks verification: the secret after `whsec_` is base64; the signed content is
 * `${id}.${timestamp}.${body}`; the header holds space-separated `v1,<base64>` signatures.
 */
export async function verifyStandardWebhook(secret: string, headers: Record<string, string>, body: string) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  const key = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  const expected = btoa(String.fromCharCode(...new Uint8Array(mac)));
  return signatures.split(' ').some((signature) => signature === `v1,${expected}`);
}
