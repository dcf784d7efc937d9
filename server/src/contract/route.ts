/**
 * Registers an endpoint of core's contract on Fastify (docs/adr/0003-contract.md): its method and
 * path, its access rule from its permission (auth/access.ts refuses a route without one), the
 * JSON Schemas of its query and body (from the Effect Schemas: Fastify answers a refused body with
 * the field errors of docs/api-conventions.md), and the decoded input the handler receives. A path
 * parameter its schema refuses answers 404, as a key that does not exist.
 */
import type { Endpoint, EndpointAccess } from '@extranet/core/contract/endpoint.ts';
import { Either, ParseResult, Schema } from 'effect';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { type Access, needs, PUBLIC, SIGNED_IN } from '../auth/access.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { validationSchema } from './json-schema.ts';

/** The server's access rule of an endpoint. */
export const accessOf = (access: EndpointAccess): Access =>
  access === 'public'
    ? PUBLIC
    : access === 'signed-in'
      ? SIGNED_IN
      : typeof access === 'string'
        ? needs(access)
        : needs(...access);

/** `/api/x/{id}` → `/api/x/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export interface Decoded<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

/**
 * A handler answers with the success schema's encoded side (what the wire carries), or sends it
 * itself; nothing at all for an endpoint without an answer body.
 */
type Handler<P, Q, B, AI> = (
  input: Decoded<P, Q, B>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AI | FastifyReply | undefined>;

const decoded = <A>(schema: Schema.Schema<A, unknown> | undefined, value: unknown) =>
  schema === undefined ? Either.right(undefined as A) : Schema.decodeUnknownEither(schema)(value);

const strictlyDecoded = <A>(schema: Schema.Schema<A, unknown>, value: unknown) =>
  Schema.decodeUnknownEither(schema, { onExcessProperty: 'error', errors: 'all' })(value);

/** A strict body's refusal as JHipster's field errors: the first property of each issue's path. */
const fieldErrorsOf = (error: ParseResult.ParseError, objectName = 'body') => {
  const fields = ParseResult.ArrayFormatter.formatErrorSync(error).map((issue) =>
    String(issue.path[0] ?? 'body'),
  );
  return [...new Set(fields)].map((field) => ({ objectName, field, message: 'InvalidValue' }));
};

/** A text-or-JSON body as the struct it stands for: the bare text is its one property's value. */
const structOf = (body: unknown, field: string): unknown =>
  typeof body === 'string' ? { [field]: body } : (body ?? {});

/** What a route adds to its declaration: its own route config, streaming without compression,
 * `scrapeToken`, which opens the route to that bearer besides its access (Prometheus), and a
 * check run once the input is valid, before the handler (a mail limit). */
export interface RouteOptions {
  readonly config?: Omit<FastifyContextConfig, 'access'>;
  readonly preHandler?: preHandlerAsyncHookHandler;
  readonly compress?: false;
  readonly scrapeToken?: string | undefined;
}

/** Registers `endpoint` with `handler`, which answers with the contract's success status unless it sets one. */
export function route<P, Q, B, A, AI>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, A, AI>,
  handler: Handler<P, Q, B, AI>,
  options: RouteOptions = {},
): void {
  const { textBody } = endpoint;
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    ...(endpoint.bodyLimit === undefined ? {} : { bodyLimit: endpoint.bodyLimit }),
    ...(options.compress === false ? { compress: false } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    // Before Fastify validates it, so the text is checked as the property it stands for.
    ...(textBody === undefined
      ? {}
      : {
          preValidation: async (request: FastifyRequest) => {
            request.body = structOf(request.body, textBody);
          },
        }),
    config: {
      ...options.config,
      access: accessOf(endpoint.access),
      ...(endpoint.objectName ? { objectName: endpoint.objectName } : {}),
      ...(options.scrapeToken ? { scrapeToken: options.scrapeToken } : {}),
    },
    schema: {
      ...(endpoint.query && !endpoint.handlerQuery ? { querystring: validationSchema(endpoint.query) } : {}),
      ...(endpoint.body && !endpoint.strictBody && !endpoint.multipart && !endpoint.handlerBody
        ? { body: validationSchema(endpoint.body) }
        : {}),
    },
    handler: async (request, reply) => {
      const path = pathOf(request);
      const params = decoded(endpoint.params, request.params);
      if (Either.isLeft(params)) {
        if (endpoint.badParams === 'BadRequest')
          throw problems.badRequest(`Invalid path: ${params.left.message}`, path);
        throw problems.entityNotFound(endpoint.objectName ?? 'resource', path);
      }
      const query = endpoint.handlerQuery
        ? Either.right(request.query as Q)
        : decoded(endpoint.query, request.query);
      if (Either.isLeft(query)) throw problems.badRequest(`Invalid query: ${query.left.message}`, path);
      const body =
        (endpoint.optionalBody && request.body === undefined) || endpoint.multipart
          ? Either.right(undefined as B)
          : endpoint.handlerBody
            ? Either.right(request.body as B)
            : endpoint.strictBody
              ? strictlyDecoded(endpoint.body!, request.body)
              : decoded(endpoint.body, request.body);
      if (Either.isLeft(body)) {
        if (endpoint.strictBody)
          throw problems.validation(fieldErrorsOf(body.left, endpoint.objectName), path);
        throw problems.badRequest(`Invalid body: ${body.left.message}`, path);
      }
      reply.code(endpoint.success.status);
      const answer = await handler(
        { params: params.right, query: query.right, body: body.right },
        request,
        reply,
      );
      // An endpoint without an answer body (204, or JHipster's empty 200 of a delete) is sent empty.
      return answer === undefined && !reply.sent ? reply.send() : answer;
    },
  });
}
