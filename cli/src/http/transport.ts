import type * as Http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type * as Https from 'node:https';

/** One request as the client sends it. */
export interface Outgoing {
  readonly method: string;
  readonly url: URL;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array | FormData;
  readonly signal?: AbortSignal;
}

/** An answer: status, headers (lower-case names) and a body read once, whole or as a stream. */
export interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  readonly body: AsyncIterable<Uint8Array>;
}

export type Transport = (request: Outgoing) => Promise<Answer>;

const collect = async (body: AsyncIterable<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

const answerOf = (
  status: number,
  statusText: string,
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array>,
): Answer => ({
  status,
  statusText,
  url,
  headers,
  body,
  text: async () => (await collect(body)).toString('utf8'),
  bytes: async () => new Uint8Array(await collect(body)),
});

/**
 * The transport of every command: `node:http`/`node:https`. Node's `fetch` (undici) costs about
 * 60 ms of CPU to load at each start, more than the rest of `whoami`; only a multipart
 * upload (`import`) goes through `fetch`, which encodes `FormData`.
 */
export const nodeTransport: Transport = async (request) => {
  // Not `instanceof FormData`: reading that global alone loads undici.
  const { body } = request;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    return fetchTransport(globalThis.fetch)(request);
  // `getBuiltinModule`, not `import`: the ESM facade of node:http reads every export, and its
  // lazy WebSocket getters load undici all the same.
  const { request: send } =
    request.url.protocol === 'https:'
      ? (process.getBuiltinModule('node:https') as typeof Https)
      : (process.getBuiltinModule('node:http') as typeof Http);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(body as string | Uint8Array));
    const req = send(
      request.url,
      { method: request.method, headers, signal: request.signal },
      (res: IncomingMessage) => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve(answerOf(res.statusCode ?? 0, res.statusMessage ?? '', request.url.toString(), flat, res));
      },
    );
    req.on('error', reject);
    req.end(body as string | Uint8Array | undefined);
  });
};

/** The same over a `fetch` function: multipart uploads, and tests that answer with `Response`s. */
export const fetchTransport =
  (fetch: typeof globalThis.fetch): Transport =>
  async (request) => {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const empty: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };
    return answerOf(
      response.status,
      response.statusText,
      response.url || request.url.toString(),
      headers,
      (response.body as AsyncIterable<Uint8Array> | null) ?? empty,
    );
  };
