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

/** Who may call it: anyone, any signed-in user, or the holders of a permission of core's table. */
export type EndpointAccess = 'public' | 'signed-in' | Permission;

/** The problem answers (application/problem+json), by name; 401 and 403 follow from the access. */
export type ProblemName =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'TooManyRequests'
  | 'BadGateway'
  | 'ServiceUnavailable'
  | 'InternalError';

/** JHipster's success headers: the alert pair, a `Location`, or the paging pair. */
export type SuccessHeader = 'alert' | 'location' | 'paging';

/** A schema whose encoded side is what the wire carries (JSON, or the text of a path or query). */
// biome-ignore lint/suspicious/noExplicitAny: the encoded side varies per schema; the decoded side is kept.
type WireSchema<A> = Schema.Schema<A, any>;

export interface Success<A, AI> {
  readonly status: 200 | 201 | 204;
  readonly description: string;
  /** The JSON answer (the server sends its encoded side, the client decodes it); none for an empty body. */
  readonly schema?: Schema.Schema<A, AI>;
  readonly headers?: readonly SuccessHeader[];
  /** The alert's i18n key for the document's example (`extranetApp.savedFilter.created`). */
  readonly alert?: string;
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
  /** The query parameters (a struct; each optional unless required). */
  readonly query?: WireSchema<Q>;
  /** The JSON body. */
  readonly body?: WireSchema<B>;
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

/** A schema as the document reads it: its description only. */
type Described = { readonly ast: SchemaAST.AST };

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
