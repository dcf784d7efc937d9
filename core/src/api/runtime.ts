import { FetchHttpClient, type HttpClient } from '@effect/platform';
import { Effect, Either, Layer } from 'effect';
import { ApiConfig, type ApiConfigShape } from './config.ts';

export type ApiEffect<A, E> = Effect.Effect<A, E, ApiConfig | HttpClient.HttpClient>;

export interface ApiRuntime {
  readonly config: ApiConfigShape;
  /**
   * Runs an API effect as a promise that rejects with the typed error itself (not a fiber
   * failure), so machines can read `_tag` and `status`. Aborting the signal interrupts the request.
   */
  run<A, E>(effect: ApiEffect<A, E>, signal?: AbortSignal): Promise<A>;
}

export interface RuntimeOptions {
  /**
   * The transport: the platform's `fetch` unless given. The CLI gives one over `node:http` (with
   * its timeout and `--debug` view); tests give one that answers from routes.
   */
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * The API runtime for a base URL, a token store and an event stream; fetch does the transport.
 *
 * @example makeApiRuntime({ baseUrl, tokens, events }, { fetch: nodeFetch })
 */
export const makeApiRuntime = (config: ApiConfigShape, options: RuntimeOptions = {}): ApiRuntime => {
  const client =
    options.fetch === undefined
      ? FetchHttpClient.layer
      : Layer.provide(FetchHttpClient.layer, Layer.succeed(FetchHttpClient.Fetch, options.fetch));
  const layer = Layer.merge(client, Layer.succeed(ApiConfig, config));
  return {
    config,
    run: async (effect, signal) => {
      const result = await Effect.runPromise(Effect.either(Effect.provide(effect, layer)), { signal });
      if (Either.isLeft(result)) throw result.left;
      return result.right;
    },
  };
};
