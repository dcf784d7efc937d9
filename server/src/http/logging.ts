/**
 * Structured request logs (pino) that never carry a secret: no headers (so no Authorization),
 * no bodies (so no password), and the `key` of activation and reset links masked in URLs.
 * One line per request, written when it is answered (method, URL, matched route, status,
 * duration, signed-in login, request id), instead of Fastify's two (received, completed).
 * A W3C `traceparent` header puts its trace and parent span ids on every line of the request, so
 * a tracing proxy or a caller's own trace finds our lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { LogLevel } from '../config.ts';

/** What an incoming X-Request-Id may hold to be kept: a proxy's or client's id, nothing that breaks a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/** The request id: the caller's X-Request-Id when it is well-formed, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** version-traceid-parentid-flags; a later version may append fields, version ff is invalid. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The trace context of a well-formed `traceparent` (W3C Trace Context), else nothing. */
export function traceOf(request: IncomingMessage): { traceId: string; parentSpanId: string } | undefined {
  const given = request.headers.traceparent;
  const match = typeof given === 'string' ? TRACEPARENT.exec(given.trim()) : null;
  if (!match) return undefined;
  const [, version, traceId, parentSpanId, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentSpanId!)) return undefined;
  return { traceId: traceId!, parentSpanId: parentSpanId! };
}

/** Fastify options: our request id, and no built-in request lines (registerRequestLog writes one). */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
  childLoggerFactory: (logger, bindings, options, request) =>
    logger.child({ ...bindings, ...traceOf(request as IncomingMessage) }, options),
  // Fastify 5's replacement for the deprecated top-level `disableRequestLogging` (FSTDEP023).
  logController: new LogController({ disableRequestLogging: true }),
} satisfies FastifyServerOptions;

/**
 * Echoes the request id in `X-Request-Id` (set first, so refusals carry it too) and logs one
 * line per answered request.
 */
function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: request,
        res: reply,
        route: request.is404 ? undefined : request.routeOptions.url,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        login: request.principal?.login,
      },
      'request completed',
    );
  });
}

/** At the root (fastify-plugin): one line for every request of the app. */
export const requestLogPlugin = fp(async (app) => registerRequestLog(app), { name: 'request-log' });

const SECRET_PARAMS = /([?&](?:key|token|password|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers.authorization', '*.password'],
      censor: '***',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
