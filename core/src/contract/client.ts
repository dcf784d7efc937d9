/**
 * Core's client, derived from the contract (docs/adr/0003-contract.md): `call(endpoint, input)`
 * encodes the path, query and body with the endpoint's schemas, sends them through `send` (token,
 * XSRF, problems, the app event stream) and decodes the answer with its success schema. Web and
 * CLI both call the API this way.
 *
 * @example call(savedFilters.list, { query: { list: 'police' } }) // Effect<readonly SavedFilter[], …>
 */
import { Effect, ParseResult, Schema } from 'effect';
import { downloadFile } from '../api/download.ts';
import { DecodeError } from '../api/errors.ts';
import { toPage } from '../api/paging.ts';
import { type ApiRequest, decodeJson, type Query, send } from '../api/request.ts';
import type { Endpoint } from './endpoint.ts';

/** What a call takes: the endpoint's path parameters, query and body, each when it has one. */
export type Input<P, Q, B> = ([P] extends [never] ? unknown : { readonly params: P }) &
  ([Q] extends [never] ? unknown : { readonly query?: Q }) &
  ([B] extends [never] ? unknown : { readonly body: B });

type Parts = { readonly params?: unknown; readonly query?: unknown; readonly body?: unknown };

/** A request the endpoint's own schema refused to encode is the caller's bug, said as a decode error. */
const encoded = <A>(schema: Schema.Schema<A, unknown>, value: A, what: string) =>
  Schema.encode(schema)(value).pipe(
    Effect.mapError(
      (cause) => new DecodeError({ url: what, message: ParseResult.TreeFormatter.formatErrorSync(cause) }),
    ),
  );

/** The path with its `{names}` replaced by the encoded, URI-escaped values. */
const filledPath = (path: string, values: Record<string, unknown>) =>
  path
    .replace(/^\//, '')
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

const queryOf = (values: Record<string, unknown>): Query =>
  Object.entries(values).flatMap(([name, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v) => [name, String(v)] as const),
  );

/** A text-or-JSON body holding its text property alone, as the bare text (what the 4.x client sent). */
const textOf = (body: unknown, field: string | undefined): string | undefined => {
  if (field === undefined || body === null || typeof body !== 'object') return undefined;
  const entries = Object.entries(body);
  const [name, value] = entries[0] ?? [];
  return entries.length === 1 && name === field && typeof value === 'string' ? value : undefined;
};

/**
 * The request of one endpoint of the contract: its path, query and body encoded with its schemas
 * (a multipart body is the `FormData` given, a text-or-JSON body its text when that is all it
 * holds); a 503 that carries the success body is an answer.
 */
export const requestOf = <P, Q, B, A, AI>(
  endpoint: Endpoint<P, Q, B, A, AI>,
  input: NoInfer<Input<P, Q, B>>,
  /** A bearer token to send instead of the store's (sign-out names the one it is forgetting). */
  options: { readonly token?: string } = {},
) =>
  Effect.gen(function* () {
    const parts = input as Parts;
    const params = endpoint.params
      ? ((yield* encoded(endpoint.params, parts.params as P, endpoint.id)) as Record<string, unknown>)
      : {};
    const query =
      endpoint.query && parts.query !== undefined
        ? ((yield* encoded(endpoint.query, parts.query as Q, endpoint.id)) as Record<string, unknown>)
        : {};
    const body =
      endpoint.body && !endpoint.multipart && !endpoint.handlerBody
        ? yield* encoded(endpoint.body, parts.body as B, endpoint.id)
        : parts.body;
    const text = textOf(body, endpoint.textBody);
    const request: ApiRequest = {
      method: endpoint.method,
      path: filledPath(endpoint.path, params),
      query: queryOf(query),
      ...(endpoint.multipart
        ? { formData: body as FormData }
        : text !== undefined
          ? { text }
          : endpoint.body
            ? { json: body }
            : {}),
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(endpoint.success.unavailable ? { acceptStatus: [503] } : {}),
    };
    return request;
  });

/** Sends one endpoint's request; the answer as it came, for a caller that reads its headers or bytes. */
export const respond = <P, Q, B, A, AI>(
  endpoint: Endpoint<P, Q, B, A, AI>,
  input: NoInfer<Input<P, Q, B>>,
  options: { readonly token?: string } = {},
) => Effect.flatMap(requestOf(endpoint, input, options), send);

/** Calls one endpoint of the contract; its answer decoded, or `void` for an empty one. */
export const call = <P, Q, B, A, AI>(
  endpoint: Endpoint<P, Q, B, A, AI>,
  input: NoInfer<Input<P, Q, B>>,
  /** A bearer token to send instead of the store's (sign-out names the one it is forgetting). */
  options: { readonly token?: string } = {},
) =>
  Effect.gen(function* () {
    const response = yield* respond(endpoint, input, options);
    const schema = endpoint.success.schema;
    if (schema === undefined) return undefined as A;
    return yield* decodeJson(schema)(response);
  });
/** Calls a list endpoint: its rows decoded, with what the paging headers say about the rest. */
export const callPage = <P, Q, B, A extends readonly unknown[], AI>(
  endpoint: Endpoint<P, Q, B, A, AI>,
  input: NoInfer<Input<P, Q, B>>,
) =>
  Effect.gen(function* () {
    const response = yield* respond(endpoint, input);
    const items = yield* decodeJson(endpoint.success.schema!)(response);
    return yield* toPage<A[number]>(response, items);
  });

/** Downloads an endpoint's file answer (CSV, PDF), named from `Content-Disposition` or `fallbackName`. */
export const callFile = <P, Q, B, A, AI>(
  endpoint: Endpoint<P, Q, B, A, AI>,
  input: NoInfer<Input<P, Q, B>>,
  file: { readonly accept: string; readonly fallbackName: string },
) => Effect.flatMap(requestOf(endpoint, input, {}), (request) => downloadFile({ ...request, ...file }));
