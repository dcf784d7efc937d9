/**
 * What a personal access token may reach (docs/integrations.md): reading only (GET and HEAD),
 * never the account, password, session, token or administration routes, so a leaked token can
 * neither lock its owner out nor mint other credentials. Exports need the `read+export` scope
 * (the caller's ROLE_EXPORT is dropped otherwise, see auth/plugin.ts).
 */
import type { FastifyRequest } from 'fastify';

/** Route prefixes closed to tokens, whatever the caller's roles. */
const CLOSED_TO_TOKENS = [
  '/api/account',
  '/api/authenticate',
  '/api/users',
  '/api/admin',
  '/api/portail_user',
  '/api/webhooks',
  '/management',
];

const READING = new Set(['GET', 'HEAD']);

/** Whether a token-authenticated request may go to the route Fastify matched. */
export function tokenMayReach(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? request.url;
  if (CLOSED_TO_TOKENS.some((area) => url === area || url.startsWith(`${area}/`))) return false;
  return READING.has(request.method);
}
