import { AnswerResponse } from './answerResponse.ts';
import type { Transport } from './transport.ts';

/** A `fetch` over a transport, and whether its last failure was the timeout. */
export interface TimedFetch {
  readonly fetch: typeof globalThis.fetch;
  /** True when the last request failed because the server stayed silent past the timeout. */
  timedOut(): boolean;
}

const headersOf = (init: RequestInit | undefined): Record<string, string> => {
  const flat: Record<string, string> = {};
  const given = init?.headers;
  if (given === undefined) return flat;
  // Effect's client passes a plain record; `Headers` and pairs are read too.
  const entries: Iterable<[string, string]> =
    Array.isArray(given) || typeof (given as Headers).forEach === 'function'
      ? (given as Iterable<[string, string]>)
      : Object.entries(given as Record<string, string>);
  for (const [name, value] of entries) flat[name.toLowerCase()] = value;
  return flat;
};

/**
 * The `fetch` core's API client runs on in the CLI: each call goes through the CLI's transport
 * (`node:http`, or its `--debug` view), and a server silent for `timeoutMs` before it answers
 * aborts the call (`EXTRANET_TIMEOUT`). Once the answer's headers arrive the body may stream
 * as long as it takes (a 100,000-line export).
 */
export const nodeFetch = (transport: Transport, timeoutMs: number): TimedFetch => {
  let timedOut = false;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const controller = new AbortController();
    const outer = init?.signal ?? undefined;
    const abort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', abort, { once: true });
    timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    try {
      const body = init?.body;
      const answer = await transport({
        method: init?.method ?? 'GET',
        url,
        headers: headersOf(init),
        ...(body === undefined || body === null ? {} : { body: body as string | Uint8Array | FormData }),
        signal: controller.signal,
      });
      return new AnswerResponse(answer) as unknown as Response;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    }
  };
  return { fetch: fetch as typeof globalThis.fetch, timedOut: () => timedOut };
};
