/**
 * Turns every error into a problem+json answer: our `Problem`s as built, schema validation
 * failures into `constraint-violation` with JHipster field errors, framework errors (bad JSON,
 * oversized body, wrong media type) into their reason phrase, and anything unexpected into a
 * bare 500, logged here with its stack, which never leaves the server.
 */

import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type FieldError,
  httpProblem,
  PROBLEM_CONTENT_TYPE,
  Problem,
  problems,
  reasonPhrase,
} from './problems.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The JHipster object name in field errors (`managedUserVM`, `loginVM`…). */
    objectName?: string;
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const CONSTRAINT: Record<string, string> = {
  required: 'NotNull',
  minLength: 'Size',
  maxLength: 'Size',
  minItems: 'Size',
  maxItems: 'Size',
  minimum: 'Min',
  exclusiveMinimum: 'Min',
  maximum: 'Max',
  exclusiveMaximum: 'Max',
  pattern: 'Pattern',
  enum: 'Pattern',
  type: 'TypeMismatch',
};

/** `/authorities/0` → `authorities[0]`; a missing property names itself. */
function fieldName(error: AjvError): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    parts.push(error.params.missingProperty);
  }
  return parts.reduce(
    (out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

function constraintName(error: AjvError): string {
  if (error.keyword === 'format') return error.params.format === 'email' ? 'Email' : 'Pattern';
  return CONSTRAINT[error.keyword] ?? 'Invalid';
}

export function fieldErrorsOf(errors: readonly AjvError[], objectName: string): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    const fieldError = { objectName, field: fieldName(error), message: constraintName(error) };
    const key = `${fieldError.field}:${fieldError.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(fieldError);
    }
  }
  return out;
}

export function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).headers(problem.headers).send(problem.body);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether `error` says the database cannot be reached (then the answer is 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(
    message,
  );
}

/** Whether `error` says a disk is full: PostgreSQL's class 53100 (`disk_full`) or the OS's ENOSPC. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '53100' || code === 'ENOSPC';
}

function toProblem(error: FastifyError | Problem | Error, request: FastifyRequest): Problem {
  const path = pathOf(request);
  if (error instanceof Problem) return error;
  if (isDatabaseUnavailable(error))
    return httpProblem(503, 'The database is unavailable; please try again later', path);
  // A full disk is the server's condition, not a bug: say so (507) so the client can retry later.
  if (isOutOfSpace(error))
    return httpProblem(
      507,
      'The server is out of storage space; nothing was saved. Please try again later',
      path,
    );
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const context = fastifyError.validationContext;
    if (context === 'body' || context === 'querystring') {
      const objectName = request.routeOptions.config?.objectName ?? (context === 'body' ? 'body' : 'query');
      const fieldErrors = fieldErrorsOf(fastifyError.validation as AjvError[], objectName);
      // A body that is not an object at all has no field to name.
      if (fieldErrors.length > 0 && fieldErrors.every((f) => f.field !== '')) {
        return problems.validation(fieldErrors, path);
      }
    }
    return problems.badRequest(`Invalid ${context ?? 'request'}: ${fastifyError.message}`, path);
  }
  const status = fastifyError.statusCode ?? 500;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return problems.badRequest('Request body is too large', path, 'error.http.413');
  }
  if (status === 429) {
    const retry = Number(fastifyError.message.match(/(\d+)/)?.[1] ?? 60);
    return problems.tooManyRequests(retry, path);
  }
  if (status >= 400 && status < 500 && fastifyError.code?.startsWith('FST_')) {
    return httpProblem(status, fastifyError.message, path);
  }
  return problems.internal(path);
}

/** True when any string inside `value` holds a NUL character, which PostgreSQL text refuses. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * The answers Node's HTTP parser gives before any route runs (a malformed request line or
 * header, headers over the size limit, a request too slow to arrive) as problems too, written
 * on the socket as Fastify's default handler does, then the connection closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? 'The request headers are too large'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify(httpProblem(status, detail).body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Router errors (bad percent-encoding, over-long path parameter) as problems too. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  sendProblem(reply, httpProblem(status, error.message, pathOf(request)));
}

/** Whether a path, however spelt (percent-encoded, any case), is under `/api` or `/management`. */
/** A browser's page request (GET, HTML first) for a path that could be one of the app's routes. */
function wantsAppRoute(method: string, accept: string | undefined, path: string): boolean {
  if (method !== 'GET' || !accept?.includes('text/html')) return false;
  return !isApiPath(path) && !/\.[^/]*$/.test(path) && path !== '/';
}

function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  return /^\/(api|management)(\/|$)/i.test(decoded);
}

export function registerErrorHandler(app: FastifyInstance): void {
  // No text with NUL reaches the database (it would refuse it with a 500): refuse it here, in
  // the query (names and values), the path parameters and the body of every route alike. After
  // the access check (onRequest), so a caller without the role still gets its 403.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw problems.badRequest('Text must not contain the NUL character', pathOf(request));
    }
  });
  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    const problem = toProblem(error, request);
    if (problem.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof Problem)) {
      request.log.info({ code: (error as FastifyError).code, status: problem.status }, error.message);
    }
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    // An app address typed without its `#` (`/police`) by a browser: the app at that route,
    // not a problem+json page. Files (a dot in the last segment) and the API keep their 404.
    if (wantsAppRoute(request.method, request.headers.accept, path))
      return reply.redirect(`/#${request.url.replace(/^\/+/, '/')}`, 302);
    // Anonymous callers learn nothing of which API paths exist: 401, as on the routes themselves.
    if (!request.principal && isApiPath(path)) return sendProblem(reply, problems.unauthorized(path));
    return sendProblem(reply, problems.notFound(path, `No endpoint ${request.method} ${path}`));
  });
}

/** At the root (fastify-plugin): one error table and NUL check for every route. */
export const errorHandlerPlugin = fp(async (app) => registerErrorHandler(app), { name: 'error-handler' });
