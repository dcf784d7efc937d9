/**
 * Two-factor settings: the signed-in user's state, enrolment (start, then confirm with a code),
 * turning it off with a current code (its wrong codes count against the sign-in budget,
 * identity/attempt-budget.ts); the administrator's reset of a user's enrolment and the
 * roles that require a second factor. Declared in core's contract (`core/src/contract/twoFactor.ts`).
 */
import { twoFactor } from '@extranet/core/contract/twoFactor.ts';
import type { FastifyInstance } from 'fastify';
import { findUserById, findUserByLogin } from '../accounts/users.ts';
import { AuditType, writeAuditEvent } from '../audit/events.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import { createAttemptBudget } from './attempt-budget.ts';
import type { EnrolmentTokens } from './enrolment.ts';
import { identityProblems } from './problems.ts';
import { acceptsCode, confirmEnrolment } from './second-factor.ts';
import { auditEndings } from './session-endings.ts';
import { endSessions, endSessionsLackingSecondFactor, markSecondFactor } from './session-store.ts';
import {
  countRecoveryCodes,
  findTwoFactor,
  isRequiredFor,
  requiredRoles,
  resetTwoFactor,
  setRequiredRoles,
  unknownRoles,
} from './two-factor-store.ts';

export interface TwoFactorDeps {
  readonly db: Db;
  readonly enrolments: EnrolmentTokens;
  readonly now?: () => number;
}

export async function twoFactorRoutes(
  app: FastifyInstance,
  { db, enrolments, now = Date.now }: TwoFactorDeps,
) {
  const budget = createAttemptBudget(db, app.config);
  const signedInUser = async (id: number) => (await findUserById(db, id))!;

  const statusOf = async (user: { id: number; authorities: readonly string[] }) => {
    const enrolment = await findTwoFactor(db, user.id);
    return {
      enabled: enrolment !== undefined,
      required: await isRequiredFor(db, user.authorities),
      enrolledAt: enrolment?.enrolledAt.toISOString() ?? null,
      recoveryCodesLeft: enrolment ? await countRecoveryCodes(db, user.id) : 0,
    };
  };

  route(app, twoFactor.status, async (_input, request) =>
    statusOf(await signedInUser(request.principal!.id)),
  );

  route(app, twoFactor.start, async (_input, request) => {
    const user = await signedInUser(request.principal!.id);
    // Replacing a second factor needs the old one: turn it off with a code first.
    if (await findTwoFactor(db, user.id)) {
      throw problems.badRequest(
        'Two-factor sign-in is already on',
        pathOf(request),
        'settings.twoFactor.alreadyOn',
      );
    }
    return enrolments.start(user);
  });

  route(app, twoFactor.confirm, async ({ body }, request) => {
    const path = pathOf(request);
    const user = await signedInUser(request.principal!.id);
    const { enrolmentToken, code } = body;
    const outcome = await confirmEnrolment(
      db,
      await app.totpSecrets(),
      enrolments,
      user,
      enrolmentToken,
      code,
      now(),
    );
    if (!outcome.ok) {
      await writeAuditEvent(db, user.login, AuditType.SECOND_FACTOR_FAILURE, {
        message: outcome.reason === 'wrong-code' ? 'Bad enrolment code' : 'Invalid enrolment',
        remoteAddress: request.ip,
      });
      throw outcome.reason === 'wrong-code'
        ? identityProblems.invalidSecondFactor(path, 400)
        : identityProblems.invalidEnrolment(path);
    }
    // This session proved the new factor; the user's other sessions did not, and end.
    await markSecondFactor(db, request.sessionId!);
    await endSessions(db, user.id, request.sessionId!);
    await writeAuditEvent(db, user.login, AuditType.TWO_FACTOR_ENROLLED, { remoteAddress: request.ip });
    return { recoveryCodes: outcome.recoveryCodes };
  });

  route(app, twoFactor.disable, async ({ body }, request) => {
    const path = pathOf(request);
    const user = await signedInUser(request.principal!.id);
    if (await isRequiredFor(db, user.authorities)) {
      throw problems.badRequest(
        'Your role requires two-factor sign-in',
        path,
        'settings.twoFactor.requiredByRole',
      );
    }
    // Guessing codes here meets the sign-in limits (429 + Retry-After), from the same budget.
    const taken = await budget.take(user.login, request.ip);
    if ('retryAfter' in taken) {
      request.log.warn({ login: user.login }, 'two-factor code attempts rate limited');
      throw problems.tooManyRequests(taken.retryAfter, path);
    }
    if (!(await acceptsCode(db, await app.totpSecrets(), user.id, body.code, now()))) {
      await writeAuditEvent(db, user.login, AuditType.SECOND_FACTOR_FAILURE, {
        message: 'Bad code to turn two-factor off',
        remoteAddress: request.ip,
      });
      throw identityProblems.invalidSecondFactor(path, 400);
    }
    await taken.attempt.succeeded();
    await resetTwoFactor(db, user.id);
    await writeAuditEvent(db, user.login, AuditType.TWO_FACTOR_RESET, { remoteAddress: request.ip });
  });

  /** An administrator's view of a user's second factor: enrolled or not, required or not. */
  route(app, twoFactor.ofUser, async ({ params }, request) => {
    const user = await findUserByLogin(db, params.login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    return statusOf(user);
  });

  route(app, twoFactor.resetOfUser, async ({ params }, request, reply) => {
    const user = await findUserByLogin(db, params.login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    if (await resetTwoFactor(db, user.id)) {
      await writeAuditEvent(db, user.login, AuditType.TWO_FACTOR_RESET, {
        by: request.principal!.login,
        remoteAddress: request.ip,
      });
    }
    reply.headers(alertHeaders('userManagement.twoFactorReset', user.login));
  });

  route(app, twoFactor.roles, async () => ({
    roles: await requiredRoles(db),
  }));

  route(app, twoFactor.setRoles, async ({ body }, request) => {
    // A misspelt role would otherwise be dropped silently, leaving the policy weaker than asked.
    const unknown = await unknownRoles(db, body.roles);
    if (unknown.length > 0) throw problems.badRequest(`Unknown role: ${unknown.join(', ')}`, pathOf(request));
    const before = await requiredRoles(db);
    const roles = await setRequiredRoles(db, body.roles);
    if (before.join() !== roles.join()) {
      await writeAuditEvent(db, request.principal!.login, AuditType.TWO_FACTOR_ROLES_CHANGED, {
        roles: roles.join(', '),
        remoteAddress: request.ip,
      });
      // The sessions those roles' users opened without a second factor end now (the per-request
      // check refuses them anyway: auth/session-user.ts); each ending is audited.
      await auditEndings(db, await endSessionsLackingSecondFactor(db), request.principal!.login, request.ip);
    }
    return { roles };
  });
}
