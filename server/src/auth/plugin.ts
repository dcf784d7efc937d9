/**
 * Who is calling: reads the Bearer token on every request, checks it against the users table
 * (a deactivated or deleted user's token stops working at once, and roles are the current
 * ones), and refuses anonymous calls to `/api/**` and `/management/**` except the public routes
 * of ARCHITECTURE §5. `/management/**`, `/api/users/**`, `/api/portail_user/**` and `/api/admin/**`
 * also need ROLE_ADMIN here, whatever the routes themselves check.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { findUserByLogin } from '../accounts/users.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import type { TokenService } from './jwt.ts';

export interface Principal {
  readonly id: number;
  readonly login: string;
  readonly authorities: readonly string[];
  readonly codeCourtier: string | null;
  readonly marque: string | null;
  readonly langKey: string | null;
  readonly email: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous call. */
    principal: Principal | null;
  }
}

/** Routes anyone may call (method and route pattern). */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/authenticate',
  'GET /api/authenticate',
  'POST /api/register',
  'GET /api/activate',
  'POST /api/account/reset-password/init',
  'POST /api/account/reset-password/finish',
  'GET /api/profile-info',
  'GET /management/health',
]);

const ADMIN_PREFIXES = ['/management/', '/api/users', '/api/portail_user/', '/api/admin/'];

function isProtected(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/management');
}

export function hasAnyRole(principal: Principal | null, roles: readonly string[]): boolean {
  return principal !== null && roles.some((role) => principal.authorities.includes(role));
}

/**
 * A route's onRequest hook refusing callers without one of `roles` (401 when anonymous, 403
 * otherwise). It runs before the body is read or validated, so a caller without the role gets
 * its 403 whatever it sent, as behind Spring Security's filters.
 */
export function requireRole(...roles: string[]): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.principal) throw problems.unauthorized(pathOf(request));
    if (!hasAnyRole(request.principal, roles)) throw problems.forbidden(pathOf(request));
  };
}

async function principalOf(request: FastifyRequest, db: Db, tokens: TokenService): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return null;
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  const user = await findUserByLogin(db, claims.login);
  if (!user?.activated) return null;
  return {
    id: user.id,
    login: user.login,
    authorities: user.authorities,
    codeCourtier: user.codeCourtier,
    marque: user.marque,
    langKey: user.langKey,
    email: user.email,
  };
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = request.routeOptions.url;
    const isPublic =
      !isProtected(path) ||
      method === 'OPTIONS' ||
      (route !== undefined && PUBLIC_ROUTES.has(`${method} ${route}`));
    try {
      request.principal = await principalOf(request, db, tokens);
    } catch (error) {
      // A public route (health above all) still answers when the user lookup fails.
      if (!isPublic) throw error;
      request.principal = null;
    }
    if (isPublic) return;
    if (!request.principal) throw problems.unauthorized(path);
    if (ADMIN_PREFIXES.some((p) => path.startsWith(p)) && !hasAnyRole(request.principal, ['ROLE_ADMIN'])) {
      throw problems.forbidden(path);
    }
  });
}
