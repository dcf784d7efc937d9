/**
 * Structured request logs (pino) that never carry a secret: no headers (so no Authorization),
 * no bodies (so no password), and the `key` of activation and reset links masked in URLs.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

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
