/**
 * User administration (docs/api-conventions.md §6), ROLE_ADMIN only: paged list, detail, create,
 * update (including the activation toggle), delete, the list of roles. An administrator cannot
 * deactivate or delete their own account. Declared in core's contract (`core/src/contract/users.ts`).
 */
import { users } from '@extranet/core/contract/users.ts';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { parsePaging, setPageHeaders } from '../http/paging.ts';
import { alertHeaders, errorHeaders, httpProblem, Problem, problems } from '../http/problems.ts';
import { auditEndings } from '../identity/session-endings.ts';
import { endSessionsLackingSecondFactor } from '../identity/session-store.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { creationMail } from '../mail/templates.ts';
import { loadDirectory, syncUsers } from './portal-sync.ts';
import { initialPasswordProblem, randomKey } from './rules.ts';
import { userAnswer } from './user-answer.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  listAuthorities,
  listUserRecords,
  type ROLES,
  setAuthorities,
  type UserRecord,
  uniqueViolation,
  updateUserFields,
} from './users.ts';

export interface UserAdminDeps {
  readonly db: Db;
  readonly config: Config;
  readonly outbox: MailOutbox;
  readonly hashRounds?: number;
}

const SORTABLE: Record<string, string> = {
  id: 'u.id',
  login: 'u.login',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  email: 'u.email',
  activated: 'u.activated',
  langKey: 'u.lang_key',
  marque: 'u.marque',
  codeCourtier: 'u.code_courtier',
  createdBy: 'u.created_by',
  createdDate: 'u.created_date',
  lastModifiedBy: 'u.last_modified_by',
  lastModifiedDate: 'u.last_modified_date',
};

const selfProblem = (what: 'deactivate' | 'delete') =>
  new Problem(
    {
      type: 'http://www.jhipster.tech/problem/problem-with-message',
      title: 'Bad Request',
      status: 400,
      detail: `An administrator cannot ${what} their own account`,
      message: `userManagement.error.self${what === 'delete' ? 'Delete' : 'Deactivate'}`,
    },
    errorHeaders(`self${what}`, 'userManagement'),
  );

export async function userAdminRoutes(app: FastifyInstance, deps: UserAdminDeps) {
  const { db, config, outbox } = deps;

  route(app, users.list, async (_input, request, reply) => {
    // The query as sent: the paging rules (sortable fields, bounds) answer its problems.
    const paging = parsePaging(request.query as Record<string, string | string[]>, {
      sortable: SORTABLE,
      defaultSort: ['id,asc'],
      defaultSize: 20,
      tieBreaker: 'u.id ASC',
    });
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM users')) as [
      { n: number },
    ];
    const rows = await listUserRecords(db, paging.orderBy, paging.size, paging.offset);
    setPageHeaders(reply, pathOf(request), paging, n);
    return rows.map(userAnswer);
  });

  route(app, users.authorities, async () => (await listAuthorities(db)) as (typeof ROLES)[number][]);

  route(app, users.get, async ({ params }, request) => {
    const user = await findUserByLogin(db, params.login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    return userAnswer(user);
  });

  route(app, users.create, async ({ body }, request, reply) => {
    if (body.id != null) throw problems.idExists('userManagement');
    const passwordProblem = body.password ? initialPasswordProblem(body.password) : undefined;
    if (passwordProblem) {
      throw problems.validation(
        [{ objectName: 'userDTO', field: 'password', message: 'Size' }],
        pathOf(request),
      );
    }
    if (await findUserByLogin(db, body.login)) throw problems.loginAlreadyUsed();
    if (await findUserByEmail(db, body.email)) throw problems.emailAlreadyUsed();
    // Without an initial password the user chooses one through a mailed reset link.
    const resetKey = body.password ? null : randomKey();
    const password = body.password ?? randomKey() + randomKey();
    let user: UserRecord;
    try {
      user = await db.transaction(async (tx) =>
        insertUser(
          tx,
          {
            login: body.login,
            passwordHash: await hashPassword(password, deps.hashRounds),
            firstName: body.firstName ?? null,
            lastName: body.lastName ?? null,
            email: body.email.toLowerCase(),
            imageUrl: body.imageUrl ?? null,
            // The admin's 'Activé' box; a client that does not send it creates an active user.
            activated: body.activated ?? true,
            langKey: body.langKey ?? 'fr',
            marque: body.marque,
            codeCourtier: body.codeCourtier ?? null,
            resetKey,
            resetDate: resetKey ? new Date() : null,
            authorities: body.authorities?.length ? body.authorities : ['ROLE_USER'],
          },
          request.principal!.login,
        ),
      );
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('email')) throw problems.emailAlreadyUsed();
      if (constraint?.includes('login')) throw problems.loginAlreadyUsed();
      throw error;
    }
    if (resetKey) {
      // Kept and retried while the mail server is down, like every mail (mail/outbox.ts).
      await outbox
        .deliver(creationMail({ ...user, email: user.email! }, config.baseUrl, resetKey))
        .catch((error: unknown) => request.log.error({ err: error }, 'creation mail could not be sent'));
    }
    reply
      .header('Location', `/api/users/${encodeURIComponent(user.login)}`)
      .headers(alertHeaders('userManagement.created', user.login));
    return userAnswer(user);
  });

  route(app, users.update, async ({ body }, request, reply) => {
    const principal = request.principal!;
    if (body.id == null)
      throw problems.badRequest('A user to update needs its id', pathOf(request), 'error.idnull');
    // The schema's maximum lets through a digit string so long that it coerces to Infinity.
    if (!Number.isSafeInteger(body.id))
      throw problems.badRequest('The id is not a valid user id', pathOf(request), 'error.validation');
    const existing = await findUserById(db, body.id);
    if (!existing) throw problems.entityNotFound('userManagement', pathOf(request));
    const sameLogin = await findUserByLogin(db, body.login);
    if (sameLogin && sameLogin.id !== existing.id) throw problems.loginAlreadyUsed();
    const sameEmail = await findUserByEmail(db, body.email);
    if (sameEmail && sameEmail.id !== existing.id) throw problems.emailAlreadyUsed();
    const marque = body.marque || null;
    if (marque === null && existing.marque !== null) {
      throw problems.validation(
        [{ objectName: 'userDTO', field: 'marque', message: 'NotNull' }],
        pathOf(request),
      );
    }
    const activated = body.activated ?? existing.activated;
    if (existing.id === principal.id && !activated) throw selfProblem('deactivate');
    const authorities = body.authorities ?? existing.authorities;
    if (existing.id === principal.id && !authorities.includes('ROLE_ADMIN')) {
      // Dropping one's own admin role would lock the account out of this very screen.
      throw problems.badRequest('An administrator cannot remove their own ROLE_ADMIN', pathOf(request));
    }
    try {
      await db.transaction(async (tx) => {
        await updateUserFields(
          tx,
          existing.id,
          {
            login: body.login,
            firstName: body.firstName ?? null,
            lastName: body.lastName ?? null,
            email: body.email.toLowerCase(),
            imageUrl: body.imageUrl ?? null,
            activated,
            langKey: body.langKey ?? existing.langKey,
            marque,
            codeCourtier: body.codeCourtier ?? null,
          },
          principal.login,
        );
        await setAuthorities(tx, existing.id, authorities);
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('email')) throw problems.emailAlreadyUsed();
      if (constraint?.includes('login')) throw problems.loginAlreadyUsed();
      throw error;
    }
    // Given a role that requires a second factor, the sessions opened without one end.
    await auditEndings(
      db,
      await endSessionsLackingSecondFactor(db, existing.id),
      principal.login,
      request.ip,
    );
    const updated = (await findUserById(db, existing.id))!;
    reply.headers(alertHeaders('userManagement.updated', updated.login));
    return userAnswer(updated);
  });

  route(app, users.remove, async ({ params }, request, reply) => {
    const user = await findUserByLogin(db, params.login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    if (user.id === request.principal!.id) throw selfProblem('delete');
    await deleteUser(db, user.id);
    reply.headers(alertHeaders('userManagement.deleted', user.login));
  });
}

/** GET /api/portail_user/sync: reconcile users with the portal directory (ROLE_ADMIN). */
export async function portalSyncRoutes(app: FastifyInstance, deps: UserAdminDeps) {
  route(app, users.sync, async (_input, request) => {
    let entries: unknown[];
    try {
      entries = await loadDirectory(deps.config.portalDirectory);
    } catch (error) {
      request.log.error({ err: error }, 'portal directory unavailable');
      throw httpProblem(502, 'The portal directory could not be read', pathOf(request));
    }
    const report = await syncUsers(deps.db, entries, request.principal!.login, deps.hashRounds);
    request.log.info({ ...report, rejected: report.rejected.length }, 'portal users synchronised');
    return report;
  });
}
