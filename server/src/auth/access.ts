/**
 * Access rules: every route declares who may call it in its `config.access`, and the auth hook
 * (auth/plugin.ts) enforces that rule on the route Fastify matched, never on the raw URL. A route
 * declaring none is refused when it is registered, so nothing is reachable by default.
 *
 *   app.get('/api/x', { config: { access: PUBLIC } }, …)          anyone
 *   app.get('/api/x', { config: { access: SIGNED_IN } }, …)       any signed-in user
 *   app.get('/api/x', allow(needs('commissions.read')), …)        a named permission
 *
 * Permissions and the roles granting them are core's one table (core/src/permissions/table.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@extranet/core/permissions/table.ts';
import type { FastifyInstance } from 'fastify';

export type Access =
  | 'public'
  | 'authenticated'
  /** Signed in, with every permission of the list (core's table says which roles grant each). */
  | { readonly permissions: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required: see auth/access.ts). */
    access?: Access;
    /** A bearer token that also opens the route to a caller signed in as nobody (PROMETHEUS_TOKEN). */
    scrapeToken?: string;
  }
}

export const PUBLIC: Access = 'public';
export const SIGNED_IN: Access = 'authenticated';

/** Signed in with every one of these permissions. */
export const needs = (...permissions: Permission[]): Access => ({ permissions });

/** Whether the request carries the route's scrape token as its bearer (compared in constant time). */
export function hasScrapeToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || typeof authorization !== 'string') return false;
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Route options declaring only an access rule. */
export const allow = (access: Access) => ({ config: { access } });

/** Whether the rule lets only administrators in: they are the only callers admin areas may have. */
function adminOnly(access: Access): boolean {
  if (access === 'public' || access === 'authenticated') return false;
  return access.permissions.some((permission) =>
    PERMISSIONS[permission].every((role: string) => role === 'ROLE_ADMIN'),
  );
}

/** Paths where every non-public route must require ROLE_ADMIN (a second lock, checked at start-up). */
const ADMIN_AREAS = ['/management', '/api/users', '/api/portail_user', '/api/admin'];

const DEFAULT_ACCESS = Symbol('defaultAccess');

/**
 * Declares the rule of the routes a third-party plugin registers in this encapsulated context
 * (it cannot set their `config`), e.g. the static files of the web app.
 */
export function declareContextAccess(app: FastifyInstance, access: Access): void {
  app.decorate<Access>(DEFAULT_ACCESS, access);
}

/** `METHOD url` → rule of every route registered, in registration order. */
export type RouteAccessTable = ReadonlyMap<string, Access>;

/**
 * Refuses, at registration, a route that declares no access rule, and a route of an admin area
 * open to more than administrators; records every route's rule in the returned table.
 */
export function enforceDeclaredAccess(app: FastifyInstance): RouteAccessTable {
  const table = new Map<string, Access>();
  app.addHook('onRoute', function (route) {
    const inherited = (this as unknown as Record<symbol, Access | undefined>)[DEFAULT_ACCESS];
    const access = route.config?.access ?? inherited;
    const methods = [route.method].flat();
    const name = `${methods.join(',')} ${route.url}`;
    if (access === undefined) {
      throw new Error(`${name} declares no access rule (config.access: see server/src/auth/access.ts)`);
    }
    if (
      access !== 'public' &&
      ADMIN_AREAS.some((area) => route.url === area || route.url.startsWith(`${area}/`)) &&
      !adminOnly(access)
    ) {
      throw new Error(`${name} is in an administrators' area but its access rule lets others in`);
    }
    route.config = { ...route.config, access };
    for (const method of methods) table.set(`${method} ${route.url}`, access);
  });
  return table;
}
