/**
 * Single sign-on through an OpenID Connect provider (docs/security.md "Identity: single
 * sign-on"):
 *
 *   GET  /api/oidc/provider   whether SSO is offered and the provider's name (public)
 *   GET  /api/oidc/authorize  → 302 to the provider: state, nonce, PKCE S256; the attempt is
 *                             kept in the database and bound to this browser by a cookie
 *   GET  /api/oidc/callback   the provider's answer: state checked and spent, code exchanged,
 *                             ID token checked, account matched; → 302 to the web app's
 *                             `#/sso?code=…` or the CLI's loopback listener, with a one-time
 *                             code (never the JWT in a URL), or with `error=<reason>`
 *   POST /api/oidc/token      the one-time code and the client's verifier → session and JWT,
 *                             as POST /api/authenticate gives
 *
 * A refusal creates no session and no user, and is audited as AUTHENTICATION_FAILURE with its
 * reason. No second factor is asked after SSO: the provider authenticated the user, and its own
 * policy (a firm's directory with its MFA) is where the factors of these accounts are set.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sso } from '@extranet/core/contract/sso.ts';
import type { SsoRefusal } from '@extranet/core/domain/sso.ts';
import { SSO_LOOPBACK_PATH, SSO_RETURN_ROUTE } from '@extranet/core/domain/sso.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserById } from '../../accounts/users.ts';
import { AuditType, writeAuditEvent } from '../../audit/events.ts';
import type { TokenService } from '../../auth/jwt.ts';
import type { Config, OidcConfig } from '../../config.ts';
import { accessOf, fastifyPath, route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { PROBLEM_BASE_URL, Problem, problems } from '../../http/problems.ts';
import { createRateLimiter } from '../../http/rate-limiter.ts';
import { startSession } from '../start-session.ts';
import { matchAccount } from './account-matching.ts';
import {
  randomToken,
  saveAttempt,
  saveHandoff,
  takeAttempt,
  takeHandoff,
  tokenHash,
} from './attempt-store.ts';
import { createRelyingParty, OidcFailure, type RelyingParty } from './relying-party.ts';

/** How long the user may take at the provider. */
const ATTEMPT_SECONDS = 600;
/** How long the web app or the CLI has to exchange the one-time code. */
const HANDOFF_SECONDS = 60;
const COOKIE = 'extranet_oidc';
const SSO_REFUSED = `${PROBLEM_BASE_URL}/sso-refused`;

const refusedProblem = (reason: SsoRefusal, path: string) =>
  new Problem({
    type: SSO_REFUSED,
    title: 'Single sign-on refused',
    status: 400,
    detail: `Single sign-on refused: ${reason}`,
    path,
    message: `login.sso.error.${reason}`,
    params: { reason },
  });

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const cookieOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
};

export interface OidcDeps {
  readonly db: Db;
  readonly config: Config;
  readonly tokens: TokenService;
  readonly now?: () => number;
  readonly hashRounds?: number;
  /** Replaces fetch towards the provider (tests). */
  readonly providerFetch?: typeof fetch;
}

export async function oidcRoutes(app: FastifyInstance, deps: OidcDeps) {
  const oidc = deps.config.oidc;
  route(app, sso.provider, async () => ({
    configured: oidc !== undefined,
    displayName: oidc?.displayName ?? null,
  }));
  if (!oidc) {
    // The other routes answer 404 rather than not existing, so the API is the same either way.
    const off = async (request: FastifyRequest) => {
      throw problems.notFound(pathOf(request), 'Single sign-on is not configured');
    };
    // Registered without the contract's schemas: nothing is read, so nothing is refused first.
    for (const endpoint of [sso.authorize, sso.callback, sso.token])
      app.route({
        method: endpoint.method,
        url: fastifyPath(endpoint.path),
        config: { access: accessOf(endpoint.access) },
        handler: off,
      });
    return;
  }
  const relyingParty = createRelyingParty(oidc, deps.providerFetch ? { fetch: deps.providerFetch } : {});
  await configuredRoutes(app, deps, oidc, relyingParty);
}

async function configuredRoutes(app: FastifyInstance, deps: OidcDeps, oidc: OidcConfig, rp: RelyingParty) {
  const { db, config, tokens, now = Date.now } = deps;
  const perIp = createRateLimiter(db, 'oidc-ip', config.signInLimitPerIp);
  const secure = config.baseUrl.startsWith('https:');
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=/api/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  const limited = async (request: FastifyRequest) => {
    const wait = await perIp.retryAfter(request.ip);
    if (wait > 0) throw problems.tooManyRequests(wait, pathOf(request));
    await perIp.hit(request.ip);
  };

  const fail = (request: FastifyRequest, principal: string, reason: SsoRefusal, message: string) =>
    writeAuditEvent(db, principal, AuditType.AUTHENTICATION_FAILURE, {
      message,
      type: 'SingleSignOn',
      reason,
      remoteAddress: request.ip,
    });

  /** Where the answer goes: the CLI's listener, or the web app's return route. */
  const destination = (loopbackPort: number | null, query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    return loopbackPort === null
      ? `${config.baseUrl}/#${SSO_RETURN_ROUTE}?${search}`
      : `http://127.0.0.1:${loopbackPort}${SSO_LOOPBACK_PATH}?${search}`;
  };

  route(app, sso.authorize, async ({ query }, request, reply) => {
    await limited(request);
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const binding = randomToken();
    let target: URL;
    try {
      target = await rp.authorizationUrl({ state, nonce, codeVerifier });
    } catch (error) {
      const reason = error instanceof OidcFailure ? error.kind : 'provider-unavailable';
      request.log.warn({ err: error }, 'single sign-on: provider unavailable');
      await fail(request, 'anonymousUser', reason, (error as Error).message);
      return reply.redirect(destination(query.loopbackPort ?? null, { error: reason }));
    }
    const startedAt = new Date(now());
    await saveAttempt(
      db,
      {
        state,
        nonce,
        codeVerifier,
        browserHash: tokenHash(binding),
        loopbackPort: query.loopbackPort ?? null,
        clientChallenge: query.clientChallenge,
        rememberMe: query.rememberMe === true,
      },
      startedAt,
      new Date(startedAt.getTime() + ATTEMPT_SECONDS * 1000),
    );
    return reply.header('set-cookie', cookie(binding, ATTEMPT_SECONDS)).redirect(target.href);
  });

  route(app, sso.callback, async ({ query: { state, error, error_description } }, request, reply) => {
    const binding = cookieOf(request);
    // The binding is spent with the attempt, whatever the outcome.
    reply.header('set-cookie', cookie('', 0));
    const attempt = state ? await takeAttempt(db, state) : undefined;
    const refuse = async (principal: string, reason: SsoRefusal, message: string, port: number | null) => {
      await fail(request, principal, reason, message);
      return reply.redirect(destination(port, { error: reason }));
    };
    if (!attempt) return refuse('anonymousUser', 'invalid-state', 'Unknown or already used state', null);
    const port = attempt.loopbackPort;
    if (!binding || !sameHash(tokenHash(binding), attempt.browserHash)) {
      return refuse('anonymousUser', 'invalid-state', 'Attempt begun in another browser', port);
    }
    if (attempt.expiresAt.getTime() <= now()) {
      return refuse('anonymousUser', 'expired', 'Attempt expired', port);
    }
    if (error !== undefined) {
      const described = error_description ? `: ${error_description}` : '';
      return refuse('anonymousUser', 'provider-error', `Provider error ${error}${described}`, port);
    }
    const query = new URL(request.url, 'http://x').search;
    let claims: Awaited<ReturnType<RelyingParty['exchange']>>;
    try {
      claims = await rp.exchange(query, {
        state: state!,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
      });
    } catch (failure) {
      if (!(failure instanceof OidcFailure)) throw failure;
      request.log.warn({ err: failure }, 'single sign-on: exchange refused');
      return refuse('anonymousUser', failure.kind, failure.message, port);
    }
    const match = await matchAccount(db, claims, oidc.createUsers, deps.hashRounds);
    const principal = claims.preferredUsername ?? claims.email ?? claims.subject;
    if (match.kind === 'unknown') return refuse(principal, 'unknown-user', match.detail, port);
    if (!match.user.activated) {
      return refuse(match.user.login, 'deactivated', `User ${match.user.login} was not activated`, port);
    }
    const startedAt = new Date(now());
    const code = await saveHandoff(
      db,
      { userId: match.user.id, clientChallenge: attempt.clientChallenge, rememberMe: attempt.rememberMe },
      startedAt,
      new Date(startedAt.getTime() + HANDOFF_SECONDS * 1000),
    );
    request.log.info({ login: match.user.login, by: match.by }, 'single sign-on: provider answered');
    return reply.redirect(destination(port, { code }));
  });

  route(app, sso.token, async ({ body }, request, reply) => {
    await limited(request);
    const path = pathOf(request);
    const handoff = await takeHandoff(db, body.code);
    const refuse = async (principal: string, reason: SsoRefusal, message: string) => {
      await fail(request, principal, reason, message);
      throw refusedProblem(reason, path);
    };
    if (!handoff) return refuse('anonymousUser', 'invalid-handoff', 'Unknown or already used code');
    const verifierHash = createHash('sha256').update(body.codeVerifier).digest('base64url');
    if (!handoff.clientChallenge || !sameHash(verifierHash, handoff.clientChallenge)) {
      return refuse('anonymousUser', 'invalid-handoff', 'Wrong code verifier');
    }
    if (handoff.expiresAt.getTime() <= now())
      return refuse('anonymousUser', 'invalid-handoff', 'Code expired');
    const user = await findUserById(db, handoff.userId);
    if (!user?.activated) {
      return refuse(
        user?.login ?? 'anonymousUser',
        'deactivated',
        'User deactivated since the provider answered',
      );
    }
    await writeAuditEvent(db, user.login, AuditType.AUTHENTICATION_SUCCESS, {
      message: `Single sign-on through ${oidc.displayName}`,
      type: 'SingleSignOn',
      remoteAddress: request.ip,
    });
    // The provider authenticated the user with its own factors (docs/security.md, single sign-on).
    const token = await startSession(
      { db, config, tokens, now: now() },
      request,
      user,
      handoff.rememberMe,
      true,
    );
    return reply.header('Authorization', `Bearer ${token}`).send({ id_token: token });
  });
}
