/**
 * Sessions: the signed-in user lists theirs and ends one or all the others; an administrator
 * lists and ends a user's. Ending deletes the row, so its tokens are refused on their next
 * request (auth/session-user.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByLogin } from '../accounts/users.ts';
import { AuditType, writeAuditEvent } from '../audit/events.ts';
import { allow, needs, SIGNED_IN } from '../auth/access.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { endSession, endSessions, listSessions, type SessionRow } from './session-store.ts';

const USERS_ADMIN = needs('users.admin');

export interface SessionDeps {
  readonly db: Db;
  readonly now?: () => number;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
const loginParams = {
  type: 'object',
  required: ['login'],
  properties: { login: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const toDto = (session: SessionRow, current: number | null) => ({
  id: session.id,
  device: session.device,
  address: session.address,
  startedAt: session.startedAt,
  lastUsedAt: session.lastUsedAt,
  current: session.id === current,
});

export async function sessionRoutes(app: FastifyInstance, { db, now = Date.now }: SessionDeps) {
  const audit = (request: FastifyRequest, login: string, ended: number | 'all', by?: string) =>
    writeAuditEvent(db, login, AuditType.SESSION_ENDED, {
      session: String(ended),
      ...(by ? { by } : {}),
      remoteAddress: request.ip,
    });

  app.get('/api/account/sessions', allow(SIGNED_IN), async (request) =>
    (await listSessions(db, request.principal!.id, new Date(now()))).map((s) => toDto(s, request.sessionId)),
  );

  /**
   * Signing out: the session in use ends, so its token is refused afterwards even if a copy of it
   * survives (docs/security.md "Identity: sessions"). A static path, so it never reads as an id.
   */
  app.delete('/api/account/sessions/current', allow(SIGNED_IN), async (request, reply) => {
    const { principal, sessionId } = request;
    if (sessionId !== null && (await endSession(db, principal!.id, sessionId))) {
      await audit(request, principal!.login, sessionId);
    }
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: number } }>(
    '/api/account/sessions/:id',
    { config: { access: SIGNED_IN }, schema: { params: idParams } },
    async (request, reply) => {
      const { principal } = request;
      // Another user's session is not found, exactly like one that does not exist.
      if (!(await endSession(db, principal!.id, request.params.id))) {
        throw problems.entityNotFound('session', pathOf(request));
      }
      await audit(request, principal!.login, request.params.id);
      return reply.code(204).send();
    },
  );

  /** Every other session of the caller: "sign out everywhere else". */
  app.delete('/api/account/sessions', allow(SIGNED_IN), async (request, reply) => {
    if ((await endSessions(db, request.principal!.id, request.sessionId ?? undefined)) > 0) {
      await audit(request, request.principal!.login, 'all');
    }
    return reply.code(204).send();
  });

  app.get<{ Params: { login: string } }>(
    '/api/users/:login/sessions',
    { config: { access: USERS_ADMIN }, schema: { params: loginParams } },
    async (request) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
      return (await listSessions(db, user.id, new Date(now()))).map((s) => toDto(s, request.sessionId));
    },
  );

  app.delete<{ Params: { login: string } }>(
    '/api/users/:login/sessions',
    { config: { access: USERS_ADMIN }, schema: { params: loginParams } },
    async (request, reply) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
      // An administrator ending their own sessions keeps the one in use.
      const keep = user.id === request.principal!.id ? (request.sessionId ?? undefined) : undefined;
      if ((await endSessions(db, user.id, keep)) > 0)
        await audit(request, user.login, 'all', request.principal!.login);
      return reply.code(204).send();
    },
  );
}
