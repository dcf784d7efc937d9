import { HttpClient, HttpClientRequest, type HttpClientResponse } from '@effect/platform';
import { Effect, ParseResult, Schema } from 'effect';
import { message } from '../i18n/message.ts';
import { ApiConfig } from './config.ts';
import { endsSession, errorMessage, isBroadcast } from './errorMessage.ts';
import { DecodeError, HttpError, ServerUnreachable } from './errors.ts';
import { parseProblem } from './problem.ts';

export type Query = ReadonlyArray<readonly [string, string]>;

export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under the base URL (`api/account`), or an absolute URL (which then gets no token). */
  readonly path: string;
  readonly query?: Query;
  readonly json?: unknown;
  readonly text?: string;
  readonly formData?: FormData;
  /** Non-2xx statuses that are an answer here, not a failure (health reads its body on 503). */
  readonly acceptStatus?: readonly number[];
  /** The Accept header; JSON unless told (PDF and CSV downloads). */
  readonly accept?: string;
  /** A bearer token to send instead of the store's (sign-out sends the one it is forgetting). */
  readonly token?: string;
}

const isAbsolute = (path: string) => /^[a-z][a-z0-9+.-]*:/i.test(path);

/** The full URL of a request, and whether it goes to the product's own server. */
export const resolveUrl = (baseUrl: string, path: string): { url: string; own: boolean } => {
  if (isAbsolute(path)) return { url: path, own: path.startsWith(baseUrl) };
  return { url: new URL(path.replace(/^\//, ''), baseUrl).toString(), own: true };
};

/** Finds a header by its suffix (`app-alert`), as JHipster clients do: browsers lower-case names. */
const headerEndingWith = (headers: Record<string, string>, suffix: string): string | undefined => {
  const name = Object.keys(headers).find((key) => key.toLowerCase().endsWith(suffix));
  return name === undefined ? undefined : headers[name];
};

const decodeParam = (value: string | undefined) =>
  value === undefined ? undefined : decodeURIComponent(value);

/**
 * Sends one request to the API: Bearer token and XSRF header toward our own server only,
 * transport failures as `ServerUnreachable`, non-2xx as `HttpError` (problem body and error
 * headers kept), broadcast on the app event stream as docs/product.md §8 says, success alerts from the
 * `X-…-alert`/`X-…-params` headers.
 */
export const send = (req: ApiRequest) =>
  Effect.gen(function* () {
    const config = yield* ApiConfig;
    const client = yield* HttpClient.HttpClient;
    const { url, own } = resolveUrl(config.baseUrl, req.path);
    let request = HttpClientRequest.make(req.method ?? 'GET')(url).pipe(
      HttpClientRequest.setUrlParams(req.query ?? []),
      req.accept === undefined
        ? HttpClientRequest.acceptJson
        : HttpClientRequest.setHeader('Accept', req.accept),
    );
    if (own) {
      const token = req.token ?? config.tokens.load();
      if (token !== undefined) request = HttpClientRequest.bearerToken(request, token);
      const xsrf = config.xsrfToken?.();
      if (xsrf !== undefined) request = HttpClientRequest.setHeader(request, 'X-XSRF-TOKEN', xsrf);
    }
    if (req.json !== undefined) request = HttpClientRequest.bodyUnsafeJson(request, req.json);
    else if (req.text !== undefined) request = HttpClientRequest.bodyText(request, req.text, 'text/plain');
    else if (req.formData !== undefined) request = HttpClientRequest.bodyFormData(request, req.formData);

    const response = yield* client
      .execute(request)
      .pipe(Effect.catchAll((cause) => Effect.fail(new ServerUnreachable({ url, reason: cause.message }))));

    if (response.status >= 400 && !(req.acceptStatus ?? []).includes(response.status)) {
      const body = yield* response.text.pipe(Effect.orElseSucceed(() => ''));
      const error = new HttpError({
        status: response.status,
        url,
        body,
        problem: parseProblem(body),
        errorKey: headerEndingWith(response.headers, 'app-error'),
        errorParam: decodeParam(headerEndingWith(response.headers, 'app-params')),
      });
      if (endsSession(error, req.path, req.method)) config.events.next({ type: 'session.expired' });
      if (isBroadcast(error) && config.quiet?.(error.status) !== true)
        config.events.next({ type: 'http.error', error, message: errorMessage(error) });
      return yield* Effect.fail(error);
    }
    const alert = headerEndingWith(response.headers, 'app-alert');
    const param = decodeParam(headerEndingWith(response.headers, 'app-params'));
    if (alert !== undefined && param !== undefined) {
      config.events.next({ type: 'alert.success', message: message(alert, { param }) });
    }
    return response;
  }).pipe(
    Effect.tapError((error) =>
      error._tag === 'ServerUnreachable'
        ? Effect.flatMap(ApiConfig, (config) =>
            Effect.sync(() =>
              config.events.next({ type: 'http.error', error, message: errorMessage(error) }),
            ),
          )
        : Effect.void,
    ),
  );

/** Decodes a JSON response with a schema; a mismatch is a `DecodeError`, not a crash later. */
export const decodeJson =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (response: HttpClientResponse.HttpClientResponse) =>
    response.json.pipe(
      Effect.flatMap(Schema.decodeUnknown(schema)),
      Effect.mapError(
        (cause) =>
          new DecodeError({
            url: response.request.url,
            message: ParseResult.isParseError(cause)
              ? ParseResult.TreeFormatter.formatErrorSync(cause)
              : String(cause),
          }),
      ),
    );
