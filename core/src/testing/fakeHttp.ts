import { HttpClient, HttpClientResponse } from '@effect/platform';
import { Effect, Either, Layer } from 'effect';
import { ApiConfig, memoryTokenStore } from '../api/config.ts';
import type { ApiError } from '../api/errors.ts';
import { type AppEvent, createAppEvents } from '../events/appEvents.ts';

/** What the fake server was sent. */
export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (JSON, text/plain), or the multipart form. */
  readonly text?: string;
  readonly form?: FormData;
}

export type Answer = (request: SeenRequest) => Response | 'unreachable';

const bodyOf = (body: { _tag: string; body?: Uint8Array; formData?: FormData }) => {
  if (body._tag === 'Uint8Array' && body.body !== undefined)
    return { text: new TextDecoder().decode(body.body) };
  if (body._tag === 'FormData' && body.formData !== undefined) return { form: body.formData };
  return {};
};

/**
 * Runs an API effect against an `HttpClient` that answers from a function: no socket opens.
 * Resolves with the outcome as an Either, the requests seen and the app events published.
 */
export const runFake = async <A>(
  effect: Effect.Effect<A, ApiError, ApiConfig | HttpClient.HttpClient>,
  answer: Answer,
  options: { token?: string } = {},
) => {
  const seen: SeenRequest[] = [];
  const events: AppEvent[] = [];
  const appEvents = createAppEvents();
  appEvents.subscribe((event) => events.push(event));
  const client = HttpClient.make((request) =>
    Effect.suspend(() => {
      // The query lives beside the URL until the transport joins them.
      const url = new URL(request.url);
      for (const [key, value] of request.urlParams) url.searchParams.append(key, value);
      const seenRequest: SeenRequest = {
        method: request.method,
        url,
        headers: { ...request.headers },
        ...bodyOf(request.body as never),
      };
      seen.push(seenRequest);
      const response = answer(seenRequest);
      if (response === 'unreachable') return Effect.fail(new Error('ECONNREFUSED') as never);
      return Effect.succeed(HttpClientResponse.fromWeb(request, response));
    }),
  );
  const layer = Layer.merge(
    Layer.succeed(ApiConfig, {
      baseUrl: 'https://extranet.example/',
      tokens: memoryTokenStore(options.token ?? 'tok'),
      events: appEvents,
    }),
    Layer.succeed(HttpClient.HttpClient, client),
  );
  const result = await Effect.runPromise(Effect.either(Effect.provide(effect, layer)));
  return { result, seen, events, value: Either.isRight(result) ? result.right : undefined };
};

/** A JSON response. */
export const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
