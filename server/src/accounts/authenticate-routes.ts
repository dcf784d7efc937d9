/**
 * Sign-in (docs/api-conventions.md §1): POST /api/authenticate gives a JWT in the body and in the
 * Authorization header; GET /api/authenticate tells who is signed in. Attempts are limited per
 * address, and failed attempts per login from one address (429 with Retry-After), so failures
 * from one address never lock the owner out from another; a per-login ceiling across all
 * addresses stays, high enough that locking someone out takes many addresses. A user with a
 * second factor (identity/sign-in-step.ts) sends the request again with `code`; a wrong code
 * counts as a failed attempt. Each attempt is taken from the budgets before anything is checked. Each outcome is audited and counted (management/business-counters.ts).
 */
import { account } from '@extranet/core/contract/account.ts';
import type { FastifyInstance } from 'fastify';
import { AuditType, writeAuditEvent } from '../audit/events.ts';
import type { TokenService } from '../auth/jwt.ts';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { createAttemptBudget } from '../identity/attempt-budget.ts';
import type { EnrolmentTokens } from '../identity/enrolment.ts';
import { endSessions } from '../identity/session-store.ts';
import { signInStep } from '../identity/sign-in-step.ts';
import { startSession } from '../identity/start-session.ts';
import { findUserByEmail, findUserByLogin, type UserRecord } from './users.ts';

async function findByLoginOrEmail(db: Db, username: string): Promise<UserRecord | undefined> {
  const byLogin = username.length <= 50 ? await findUserByLogin(db, username) : undefined;
  if (byLogin || !username.includes('@')) return byLogin;
  return findUserByEmail(db, username);
}

export interface AuthenticateDeps {
  readonly db: Db;
  readonly config: Config;
  readonly tokens: TokenService;
  readonly enrolments: EnrolmentTokens;
  readonly now?: () => number;
}

export async function authenticateRoutes(
  app: FastifyInstance,
  { db, config, tokens, enrolments, now = Date.now }: AuthenticateDeps,
) {
  // Counted in the database, so every instance of one database shares the budgets.
  const perIp = createRateLimiter(db, 'signin-ip', config.signInLimitPerIp);
  const budget = createAttemptBudget(db, config);

  route(app, account.authenticate, async ({ body }, request, reply) => {
    const path = pathOf(request);
    const username = body.username.trim().toLowerCase();
    const user = await findByLoginOrEmail(db, username);
    // One allowance per account, whether it is typed as its login or its e-mail address.
    const loginKey = user?.login ?? username;
    // Taken before the password and the code are checked (identity/attempt-budget.ts).
    const throttled = (wait: number) => {
      app.counters?.signIn('throttled');
      request.log.warn({ login: loginKey }, 'sign-in rate limited');
      return problems.tooManyRequests(wait, path);
    };
    const ipWait = await perIp.take(request.ip);
    if (ipWait > 0) throw throttled(ipWait);
    const taken = await budget.take(loginKey, request.ip);
    if ('retryAfter' in taken) {
      await perIp.release(request.ip);
      throw throttled(taken.retryAfter);
    }
    const { attempt } = taken;

    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    const remoteAddress = request.ip;
    if (!user || !passwordOk) {
      app.counters?.signIn('failure');
      await writeAuditEvent(db, username, AuditType.AUTHENTICATION_FAILURE, {
        message: 'Bad credentials',
        type: 'org.springframework.security.authentication.BadCredentialsException',
        remoteAddress,
      });
      throw problems.badCredentials(path);
    }
    if (!user.activated) {
      await attempt.release();
      const detail = `User ${user.login} was not activated`;
      app.counters?.signIn('not_activated');
      await writeAuditEvent(db, user.login, AuditType.AUTHENTICATION_FAILURE, {
        message: detail,
        type: 'UserNotActivatedException',
        remoteAddress,
      });
      throw problems.notActivated(user.login, path);
    }
    const step = await signInStep(
      { db, box: await app.totpSecrets(), enrolments, now: now() },
      user,
      body,
      path,
    );
    if (step.kind === 'ask') {
      await attempt.release();
      throw step.problem;
    }
    if (step.kind === 'fail') {
      app.counters?.signIn('second_factor_failure');
      await writeAuditEvent(db, user.login, AuditType.SECOND_FACTOR_FAILURE, {
        message: step.reason,
        remoteAddress,
      });
      throw step.problem;
    }
    if (step.recoveryCodes) {
      // Enrolling ends the user's other sessions: none of them was opened with this factor.
      await endSessions(db, user.id);
      await writeAuditEvent(db, user.login, AuditType.TWO_FACTOR_ENROLLED, { remoteAddress });
    }
    await attempt.succeeded();
    app.counters?.signIn('success');
    await writeAuditEvent(db, user.login, AuditType.AUTHENTICATION_SUCCESS, { remoteAddress });
    // Each sign-in is a session the user sees and may end (identity/session-store.ts).
    const token = await startSession(
      { db, config, tokens, now: now() },
      request,
      user,
      body.rememberMe === true,
      step.secondFactor,
    );
    return reply
      .header('Authorization', `Bearer ${token}`)
      .send({ id_token: token, ...(step.recoveryCodes ? { recovery_codes: step.recoveryCodes } : {}) });
  });

  route(app, account.whoAmI, async (_input, request, reply) =>
    reply.type('text/plain; charset=utf-8').send(request.principal?.login ?? ''),
  );
}
