/**
 * Self-service account flows (docs/api-conventions.md §2, docs/product.md §5 and §8): register, activate by
 * mailed link, settings, change password, reset request and finish. Bad activation and reset
 * keys answer 400 (our deliberate difference from JHipster's 500).
 */
import { account } from '@extranet/core/contract/account.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { httpProblem, problems } from '../http/problems.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { activationMail, resetMail } from '../mail/templates.ts';
import { chosenPasswordProblem, randomKey } from './rules.ts';
import {
  deleteUser,
  findUserByActivationKey,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByResetKey,
  insertUser,
  setPasswordHash,
  setResetKey,
  uniqueViolation,
  updateUserFields,
} from './users.ts';

export const RESET_KEY_VALIDITY_MS = 24 * 3600 * 1000;

export interface AccountManagementDeps {
  readonly db: Db;
  readonly config: Config;
  readonly outbox: MailOutbox;
  readonly hashRounds?: number;
  readonly now?: () => number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function accountManagementRoutes(app: FastifyInstance, deps: AccountManagementDeps) {
  const { db, config, outbox } = deps;
  const now = deps.now ?? Date.now;
  const hash = (password: string) => hashPassword(password, deps.hashRounds);
  // Each registration or reset request mails someone: limit them per address against mail bombing.
  const mailLimiter = createRateLimiter(db, 'account-mail-ip', config.accountMailLimitPerIp, now);
  const limitMails = async (request: FastifyRequest) => {
    const wait = await mailLimiter.retryAfter(request.ip);
    if (wait > 0) throw problems.tooManyRequests(wait, pathOf(request));
    await mailLimiter.hit(request.ip);
  };

  // Sent, or kept and sent once the mail server is back (mail/outbox.ts); fails only when the
  // mail could be neither sent nor kept, or the mail server refused it for good.
  const sendOrFail = async (request: FastifyRequest, message: MailMessage) => {
    try {
      await outbox.deliver(message);
    } catch (error) {
      request.log.error({ err: error, to: message.to }, 'mail could not be sent');
      throw httpProblem(500, 'The e-mail could not be sent; please try again later', pathOf(request));
    }
  };

  route(
    app,
    account.register,
    async ({ body }, request, reply) => {
      const passwordProblem = chosenPasswordProblem(body.password);
      if (passwordProblem) {
        throw problems.validation(
          [{ objectName: 'managedUserVM', field: 'password', message: 'Pattern' }],
          pathOf(request),
        );
      }
      const login = body.login.toLowerCase();
      if (await findUserByLogin(db, login)) throw problems.loginAlreadyUsed();
      if (await findUserByEmail(db, body.email)) throw problems.emailAlreadyUsed();
      const activationKey = randomKey();
      let user: Awaited<ReturnType<typeof insertUser>>;
      try {
        user = await db.transaction(async (tx) =>
          insertUser(
            tx,
            {
              login,
              passwordHash: await hash(body.password),
              firstName: body.firstName ?? null,
              lastName: body.lastName ?? null,
              email: body.email.toLowerCase(),
              imageUrl: body.imageUrl ?? null,
              langKey: body.langKey ?? 'fr',
              activated: false,
              activationKey,
              // Whatever the body asks for, a self-registered account is a plain user.
              authorities: ['ROLE_USER'],
            },
            'anonymousUser',
          ),
        );
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint?.includes('email')) throw problems.emailAlreadyUsed();
        if (constraint?.includes('login')) throw problems.loginAlreadyUsed();
        throw error;
      }
      try {
        await sendOrFail(
          request,
          activationMail({ ...user, email: user.email! }, config.baseUrl, activationKey),
        );
      } catch (error) {
        await deleteUser(db, user.id); // no mail, no way to activate: leave no half-made account
        throw error;
      }
      return reply.code(201).send();
    },
    { preHandler: limitMails },
  );

  route(app, account.activate, async ({ query }, _request, reply) => {
    // The query as it came (`handlerQuery`): absent, repeated or overlong is the same `invalid-key`.
    const key: unknown = query.key;
    const user =
      typeof key === 'string' && key.length <= 100 ? await findUserByActivationKey(db, key) : undefined;
    if (!user) throw problems.invalidKey('No user was found for this activation key', 'error.activation');
    await db.query('UPDATE users SET activated = true, activation_key = NULL WHERE id = $1', [user.id]);
    return reply.code(200).send();
  });

  route(app, account.save, async ({ body }, request, reply) => {
    const principal = request.principal!;
    const holder = await findUserByEmail(db, body.email);
    if (holder && holder.id !== principal.id) throw problems.emailAlreadyUsed();
    try {
      await updateUserFields(
        db,
        principal.id,
        {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email.toLowerCase(),
          ...(body.langKey !== undefined ? { langKey: body.langKey } : {}),
          ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl } : {}),
        },
        principal.login,
      );
    } catch (error) {
      if (uniqueViolation(error)?.includes('email')) throw problems.emailAlreadyUsed();
      throw error;
    }
    return reply.code(200).send();
  });

  route(app, account.changePassword, async ({ body }, request, reply) => {
    const principal = request.principal!;
    const { newPassword, currentPassword: current } = body;
    const problem = chosenPasswordProblem(newPassword);
    if (problem) throw problems.invalidPassword(problem);
    // The 5.x client also sends the current password: when given, it must be right.
    const user = (await findUserById(db, principal.id))!;
    if (current !== undefined && !(await verifyPassword(current, user.passwordHash))) {
      throw problems.invalidPassword('The current password is wrong');
    }
    const tokenVersion = await setPasswordHash(db, user.id, await hash(newPassword!), principal.login);
    // The change ends every earlier token, the caller's too: it gets a new one, expiring when its old one would.
    const remaining = (request.tokenExpiry ?? 0) - Math.floor(now() / 1000);
    const token = await app.tokens.sign(
      { ...user, tokenVersion },
      user.authorities,
      Math.max(remaining, 1),
      request.sessionId!,
    );
    return reply.code(200).header('Authorization', `Bearer ${token}`).send();
  });

  route(
    app,
    account.requestReset,
    async ({ body }, request, reply) => {
      const email = body.email?.trim();
      if (!email || email.length < 5 || email.length > 100 || !EMAIL.test(email)) {
        throw problems.validation(
          [{ objectName: 'email', field: 'email', message: 'Email' }],
          pathOf(request),
        );
      }
      const user = await findUserByEmail(db, email);
      if (!user?.activated) throw problems.emailNotFound();
      const key = randomKey();
      await setResetKey(db, user.id, key);
      await sendOrFail(request, resetMail({ ...user, email: user.email! }, config.baseUrl, key));
      return reply.code(200).send();
    },
    { preHandler: limitMails },
  );

  route(app, account.finishReset, async ({ body }, _request, reply) => {
    const problem = chosenPasswordProblem(body.newPassword);
    if (problem) throw problems.invalidPassword(problem);
    const user = await findUserByResetKey(db, body.key);
    const fresh = user?.resetDate && now() - user.resetDate.getTime() <= RESET_KEY_VALIDITY_MS;
    if (!user || !fresh) {
      throw problems.invalidKey('No user was found for this reset key', 'error.reset');
    }
    await setPasswordHash(db, user.id, await hash(body.newPassword), user.login);
    return reply.code(200).send();
  });
}
