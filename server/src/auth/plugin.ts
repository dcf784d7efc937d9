/**
 * Who is calling: reads the Bearer token on every request, checks it against the users table
 * (the token's row id and token version must still be the user's, so a password change or
 * reset, a deactivation or a deletion ends it at once, and roles are the current ones), and
 * applies the matched route's access rule (auth/access.ts).
 */
import { may } from '@extranet/core/permissions/table.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRecord } from '../accounts/users.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { LAST_USED_GRANULARITY_SECONDS, touchSession } from '../identity/session-store.ts';
import { findTokenUser, isPersonalToken, type TokenScope } from '../tokens/store.ts';
import { enforceDeclaredAccess, hasScrapeToken, type RouteAccessTable } from './access.ts';
import type { TokenService } from './jwt.ts';
import {
  createPrincipalMemory,
  type FoldedStatement,
  confirmed as foldConfirmed,
  foldedCheck,
  type PrincipalMemory,
} from './session-fold.ts';
import { findSessionUser } from './session-user.ts';
import { tokenMayReach } from './token-reach.ts';

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
    /** When the caller's token expires (seconds since the epoch), or null for an anonymous call. */
    tokenExpiry: number | null;
    /** The caller's session (user_sessions row), or null for an anonymous call or a personal token. */
    sessionId: number | null;
    /** The personal access token the caller used (tokens/store.ts), or null. */
    personalToken: { readonly id: number; readonly scope: TokenScope } | null;
    /**
     * The session check a list's statement carries instead of a round trip of its own
     * (auth/session-fold.ts), or null when the caller was checked already.
     */
    foldedSession: FoldedSession | null;
  }
  interface FastifyContextConfig {
    /** The handler runs the caller's session check in its own statement (entities/engine/list.ts). */
    foldSession?: true;
  }
}

/** A deferred session check: the statement to join, then what its row says. */
export interface FoldedSession {
  readonly statement: FoldedStatement;
  /**
   * Reads the joined row (undefined when the statement failed). True: the session is confirmed
   * with the principal the request ran under. False: the request was checked on its own again and
   * carries its current principal (run it again); or this throws the 401 or 403 it now deserves.
   */
  settle(row: Record<string, unknown> | undefined): Promise<boolean>;
}

interface Caller {
  readonly principal: Principal;
  readonly tokenExpiry: number;
  readonly sessionId: number | null;
  readonly personalToken?: { readonly id: number; readonly scope: TokenScope };
  /** The session is not checked yet: the list's statement will (auth/session-fold.ts). */
  readonly folded?: ReturnType<typeof foldedCheck>;
}

const principalOf = (user: UserRecord, authorities: readonly string[]): Principal => ({
  id: user.id,
  login: user.login,
  authorities,
  codeCourtier: user.codeCourtier,
  marque: user.marque,
  langKey: user.langKey,
  email: user.email,
});

/**
 * A personal access token's caller: the token must exist (revoking deletes it), be unexpired and
 * its user activated. A `read` token acts without ROLE_EXPORT, so export routes refuse it.
 */
async function tokenCaller(db: Db, bearer: string, at: Date): Promise<Caller | null> {
  const found = await findTokenUser(db, bearer, at);
  if (!found?.user.activated) return null;
  const { user, tokenId, scope, expiresAt } = found;
  const authorities =
    scope === 'read' ? user.authorities.filter((r) => r !== 'ROLE_EXPORT') : user.authorities;
  return {
    principal: principalOf(user, authorities),
    tokenExpiry: Math.floor(expiresAt.getTime() / 1000),
    sessionId: null,
    personalToken: { id: tokenId, scope },
  };
}

interface AuthContext {
  readonly db: Db;
  readonly tokens: TokenService;
  readonly now: () => number;
  readonly memory: PrincipalMemory;
}

async function callerOf(request: FastifyRequest, auth: AuthContext, fold: boolean): Promise<Caller | null> {
  const { db, tokens, now, memory } = auth;
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return null;
  if (isPersonalToken(match[1]!)) return tokenCaller(db, match[1]!, new Date(now()));
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  const at = new Date(now());
  const key = { userId: claims.id, sessionId: claims.sessionId, tokenVersion: claims.tokenVersion };
  // A list on the primary whose session was checked before: its statement checks it again.
  // (On a replica the session rows may lag: there the check stays on the primary, on its own.)
  const remembered = fold && !db.reader ? memory.recall(key) : undefined;
  if (remembered) {
    const folded = foldedCheck(key, at, remembered);
    return { principal: remembered, tokenExpiry: claims.exp, sessionId: claims.sessionId, folded };
  }
  // By row id: a login deleted and created again is a new row the old token does not name.
  // With its session in the same query: an ended session (row deleted) ends its tokens at once;
  // and none when the user is deactivated, the token's version is not theirs any more, or a
  // second factor is now required (auth/session-user.ts).
  const found = await findSessionUser(db, key, at);
  if (!found) {
    memory.forget(key);
    return null;
  }
  if (at.getTime() - found.lastUsedAt.getTime() > LAST_USED_GRANULARITY_SECONDS * 1000) {
    await touchSession(db, claims.sessionId, at);
  }
  const { user } = found;
  const principal = principalOf(user, user.authorities);
  memory.remember(key, principal);
  return { principal, tokenExpiry: claims.exp, sessionId: claims.sessionId };
}

/** Sets what the request knows of its caller. */
function setCaller(request: FastifyRequest, caller: Caller | null): void {
  request.principal = caller?.principal ?? null;
  request.tokenExpiry = caller?.tokenExpiry ?? null;
  request.sessionId = caller?.sessionId ?? null;
  request.personalToken = caller?.personalToken ?? null;
}

/** The deferred check of a folded caller: confirmed by its list's row, or the request checked again. */
function foldedSession(request: FastifyRequest, auth: AuthContext, caller: Caller): FoldedSession | null {
  const check = caller.folded;
  if (!check) return null;
  return {
    statement: check.statement,
    async settle(row) {
      request.foldedSession = null;
      const lastUsed = foldConfirmed(check, row);
      const at = new Date(auth.now());
      if (lastUsed) {
        if (at.getTime() - lastUsed.getTime() > LAST_USED_GRANULARITY_SECONDS * 1000) {
          await touchSession(auth.db, check.sessionId, at);
        }
        return true;
      }
      // Checked on its own again: remembered anew when it passes, forgotten when it does not.
      setCaller(request, await callerOf(request, auth, false));
      checkAccess(request);
      return false;
    },
  };
}

/** Whether the matched route lets anyone in (the not-found handler too: it serves nothing). */
function isPublicRoute(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return access === 'public' || (access === undefined && request.is404);
}

/**
 * Applies the matched route's access rule (auth/access.ts) to the caller already read: 401 for
 * an anonymous caller, 403 for one without the roles.
 */
export function checkAccess(request: FastifyRequest): void {
  if (isPublicRoute(request)) return;
  const { access, scrapeToken } = request.routeOptions.config;
  const path = pathOf(request);
  if (!request.principal && hasScrapeToken(request.headers.authorization, scrapeToken)) return;
  if (!request.principal) throw problems.unauthorized(path);
  if (request.personalToken && !tokenMayReach(request)) throw problems.forbidden(path);
  // A matched route without a rule cannot exist (refused at registration): refuse rather than trust.
  if (access === undefined || access === 'public') throw problems.forbidden(path);
  if (access !== 'authenticated' && !may(request.principal, ...access.permissions)) {
    throw problems.forbidden(path);
  }
}

/**
 * Reads the caller on every request and enforces the access rule of the route Fastify matched
 * (checkAccess). Routes without a rule are refused at registration. Returns the table of every
 * route's rule.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  tokens: TokenService,
  now: () => number = Date.now,
): RouteAccessTable {
  const table = enforceDeclaredAccess(app);
  app.decorateRequest('principal', null);
  app.decorateRequest('tokenExpiry', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('personalToken', null);
  app.decorateRequest('foldedSession', null);
  const auth: AuthContext = { db, tokens, now, memory: createPrincipalMemory() };
  app.addHook('onRequest', async (request) => {
    try {
      const caller = await callerOf(request, auth, request.routeOptions.config.foldSession === true);
      setCaller(request, caller);
      request.foldedSession = caller ? foldedSession(request, auth, caller) : null;
    } catch (error) {
      // A public route (health above all) still answers when the user lookup fails.
      if (!isPublicRoute(request)) throw error;
      request.principal = null;
    }
    checkAccess(request);
  });
  return table;
}

/**
 * Auth at the root (fastify-plugin), before any route: decorates `routeAccess` with the table of
 * every route's rule. Route plugins registered after it name it in their dependencies.
 */
export const authPlugin = fp(
  async (app, options: { readonly db: Db; readonly tokens: TokenService; readonly now?: () => number }) => {
    app.decorate('routeAccess', registerAuth(app, options.db, options.tokens, options.now));
  },
  { name: 'auth', dependencies: ['error-handler'] },
);
