/**
 * One endpoint of the API, declared once (docs/adr/0003-contract.md): the server registers it
 * (JSON Schemas, access rule, decoded input), the OpenAPI document describes it and core's client
 * calls it, all from this value. Shaped like `@effect/platform`'s `HttpApiEndpoint`, with what
 * JHipster's wire needs besides: the success headers and the problem answers by name.
 *
 * @example
 * const getThing = endpoint({
 *   id: 'getThing', group: 'Insight', method: 'GET', path: '/api/things/{id}',
 *   summary: 'One thing', access: 'signed-in',
 *   params: Schema.Struct({ id: Key('the thing') }), success: { status: 200, description: 'the thing', schema: Thing },
 *   errors: ['NotFound'],
 * });
 */
import { Schema, type SchemaAST } from 'effect';
import type { Permission } from '../permissions/table.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it: anyone, any signed-in user, the holders of a permission of core's table, or
 * of every permission of a list.
 */
export type EndpointAccess = 'public' | 'signed-in' | Permission | readonly [Permission, ...Permission[]];

/** The problem answers (application/problem+json), by name; 401 and 403 follow from the access. */
export type ProblemName =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'TooManyRequests'
  | 'BadGateway'
  | 'ServiceUnavailable'
  | 'InsufficientStorage'
  | 'InternalError';

/**
 * JHipster's success headers: the alert pair, the `Location` of a created row, the paging pair,
 * a redirect's `Location`, the `Authorization` a sign-in answers with, `X-Total-Count` alone (a
 * list cut at a bound), the `Content-Disposition` of an answer saved as a file, a list's
 * `X-Scope-Count` (the caller's rows before filters) or `X-Total-Amount` (a sum over the filtered rows).
 */
export type SuccessHeader =
  | 'alert'
  | 'location'
  | 'paging'
  | 'redirect'
  | 'authorization'
  | 'total'
  | 'attachment'
  | 'scope'
  | 'amount';

/** A file the success answer may be instead of its JSON (the query says which). */
export type FileType = 'application/pdf' | 'text/csv; charset=utf-8';

/** The media type of an answer that is text, not JSON: a file to save, or Prometheus' exposition. */
export type TextType = 'text/plain' | 'text/plain; charset=utf-8' | 'text/csv; charset=utf-8';

/** The base of the problem types (`<base>/problem-with-message`), JHipster's. */
export const PROBLEM_BASE_URL = 'http://www.jhipster.tech/problem';

/** A schema whose encoded side is what the wire carries (JSON, or the text of a path or query). */
// biome-ignore lint/suspicious/noExplicitAny: the encoded side varies per schema; the decoded side is kept.
type WireSchema<A> = Schema.Schema<A, any>;

/** A schema as the document reads it: its description only. */
type Described = { readonly ast: SchemaAST.AST };

export interface Success<A, AI> {
  readonly status: 200 | 201 | 204 | 302;
  readonly description: string;
  /** The JSON answer (the server sends its encoded side, the client decodes it); none for an empty body. */
  readonly schema?: Schema.Schema<A, AI>;
  readonly headers?: readonly SuccessHeader[];
  /** The alert's i18n key for the document's example (`extranetApp.savedFilter.created`). */
  readonly alert?: string;
  /** The `Content-Disposition` example of an `attachment` answer. */
  readonly fileName?: string;
  /** Other forms of the answer, as files. */
  readonly files?: readonly FileType[];
  /** The answer is text in one of these media types instead of JSON; the handler sends it itself. */
  readonly text?: readonly TextType[];
  /**
   * The same answer comes with 503 when something it checks is down (JHipster's health): the
   * document says so with this description, and the client reads that body as a success.
   */
  readonly unavailable?: string;
}

export interface Endpoint<P = unknown, Q = unknown, B = unknown, A = unknown, AI = unknown> {
  /** The OpenAPI operation id, and the client's name for the call. */
  readonly id: string;
  /** The OpenAPI tag. */
  readonly group: string;
  readonly method: Method;
  /** The path with OpenAPI parameters: `/api/saved-filters/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: EndpointAccess;
  /** The path parameters (a struct of the path's `{names}`); a value it refuses is a 404. */
  readonly params?: WireSchema<P>;
  /** A path value its schema refuses is a 400 instead (the routes that always answered so: tokens, sessions). */
  readonly badParams?: 'BadRequest';
  /** The query parameters (a struct; each optional unless required). */
  readonly query?: WireSchema<Q>;
  /**
   * The handler reads and checks the query itself (the list engine: a filter on any field the
   * caller may see, answered with its own field errors): the server neither validates nor decodes
   * it, the schema documents it and the client encodes with it.
   */
  readonly handlerQuery?: true;
  /** The JSON body. */
  readonly body?: WireSchema<B>;
  /**
   * The handler reads and checks the body itself (the entity engine's admin writes: each field
   * as an import checks it, with its own field errors): the server neither validates nor decodes
   * it, the schema documents it, and the client sends it as given, so what a form shows for a bad
   * value is the server's refusal.
   */
  readonly handlerBody?: true;
  /**
   * The body is checked by its Effect Schema alone, not by Fastify's JSON Schema validation (which
   * coerces a lone value into a list and drops unknown properties): an unknown property or a
   * value of the wrong kind is a field error, and nothing is coerced.
   */
  readonly strictBody?: true;
  /**
   * The body is `multipart/form-data`, described by this struct (files as binary strings): the
   * client sends its `body` (a `FormData`) as is, and the handler reads the parts itself.
   */
  readonly multipart?: Described;
  /**
   * The body may also be `text/plain` (or a JSON string): the bare value of this property of the
   * JSON body, as JHipster's 4.x client sends a new password or an e-mail address. The server reads
   * it as `{ [textBody]: value }`, and a missing body as `{}`; the client sends the text when the
   * body holds that property alone.
   */
  readonly textBody?: string;
  /** The body may be left out (the document says so); the handler then receives `undefined`. */
  readonly optionalBody?: true;
  /** Bytes of body this endpoint takes, when above the server's default (files sent in the JSON). */
  readonly bodyLimit?: number;
  /** The field errors' `objectName` of a refused body (JHipster's DTO name). */
  readonly objectName?: string;
  readonly success: Success<A, AI>;
  /** Problem answers besides the 401/403 the access implies. */
  readonly errors?: readonly ProblemName[];
}

/** Declares an endpoint, keeping its parameter, body and answer types for the server and the client. */
export const endpoint = <P = never, Q = never, B = never, A = void, AI = void>(
  spec: Endpoint<P, Q, B, A, AI>,
): Endpoint<P, Q, B, A, AI> => spec;

/**
 * The body of a `multipart` endpoint, as the client hands it over. Declared as
 * `Schema.instanceOf(FormData)` is, but without reading the `FormData` global when the module
 * loads: in Node that loads the whole of `fetch` (undici), about 25 ms for every CLI command.
 */
export const FormBody = Schema.declare((u: unknown): u is FormData => u instanceof FormData, {
  title: 'FormData',
  description: 'an instance of FormData',
  pretty: () => String,
});

/** Any endpoint, whatever its types: what the document and a walk over the contract read. */
export interface AnyEndpoint extends Omit<Endpoint, 'params' | 'query' | 'body' | 'success'> {
  readonly params?: Described;
  readonly query?: Described;
  readonly body?: Described;
  readonly success: Omit<Success<unknown, unknown>, 'schema'> & { readonly schema?: Described };
}

/** A row key in a path: a positive integer written in decimal (documented as an integer). */
export const Key = (description: string) =>
  Schema.NumberFromString.pipe(Schema.int(), Schema.positive()).annotations({
    jsonSchema: { type: 'integer', minimum: 1, description },
  });

/** The `{names}` of a path, in order. */
export const pathNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
