/**
 * The security headers of every answer (Content-Security-Policy, X-Frame-Options, nosniff…),
 * helmet's, computed once at start. `@fastify/helmet` called `helmet(configuration)` on every
 * request in its onRequest hook, rebuilding each middleware (the CSP directives parsed and
 * joined again) and a closure per reply: about 6 % of the server's JavaScript per list
 * (docs/performance.md). Here helmet runs once against a recorder and each request sets the
 * recorded headers on the raw response, as helmet's middleware does, so every route (pages,
 * API answers, errors, 404s) gets exactly the same headers as before
 * (server/test/security/web-safety.test.ts compares the full set).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** Headers helmet sets, in its order. */
  readonly set: readonly (readonly [string, string])[];
  /** Headers helmet removes (X-Powered-By). */
  readonly removed: readonly string[];
}

/** What helmet does to a response with these options, recorded once. */
export function securityHeadersOf(options: Readonly<HelmetOptions>): SecurityHeaders {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  // A CSP directive given as a function (a nonce) is computed per request: recorded once, it
  // would freeze its first value, so it is refused.
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (value) =>
        typeof value === 'object' && value !== null && [...value].some((v) => typeof v === 'function'),
    )
  )
    throw new Error('security headers: a per-request CSP directive cannot be computed once');
  let failure: unknown;
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    done = true;
  });
  if (failure !== undefined) throw failure;
  if (!done) throw new Error('security headers: helmet did not finish synchronously');
  return { set: [...set], removed };
}

/** Sets the recorded headers on every request, before any route, 404 or error handler runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { set, removed } = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, next) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    next();
  });
}

/** At the root (fastify-plugin), so pages, API answers, errors and 404s all carry the headers. */
export const securityHeadersPlugin = fp(
  async (app, options: Readonly<HelmetOptions>) => registerSecurityHeaders(app, options),
  { name: 'security-headers' },
);

/** The Content-Security-Policy: only our own origin; inline styles for the grid and editor widgets. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** The application's headers: HSTS only when it is served over HTTPS. */
export const appSecurityHeaders = (baseUrl: string): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // The API serves no cross-origin embeddable resources; keep the strict defaults.
  crossOriginEmbedderPolicy: false,
  hsts: baseUrl.startsWith('https:'),
});
