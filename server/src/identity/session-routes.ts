/**
 * Sessions: the signed-in user lists theirs and ends one or all the others; an administrator
 * lists and ends a user's. Ending deletes the row, so its tokens are refused on their next
 * request (auth/session-user.ts). Declared in core's contract (`core/src/contract/sessions.ts`).
 */
import { sessions } from '@extranet/core/contract/sessions.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByLogin } from '../accounts/users.ts';
import { AuditType, writeAuditEvent } from '../audit/events.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { endSession, endSessions, listSessions, type SessionRow } from './session-store.ts';

export interface SessionDeps {
  readonly db: Db;
  readonly now?: () => number;
}

const toDto = (session: SessionRow, current: number | null) => ({
  id: session.id,
  device: session.device,
  address: session.address,
  startedAt: session.startedAt.toISOString(),
  lastUsedAt: session.lastUsedAt.toISOString(),
  current: session.id === current,
});

export async function sessionRoutes(app: FastifyInstance, { db, now = Date.now }: SessionDeps) {
  const audit = (request: FastifyRequest, login: string, ended: number | 'all', by?: string) =>
    writeAuditEvent(db, login, AuditType.SESSION_ENDED, {
      session: String(ended),
      ...(by ? { by } : {}),
      remoteAddress: request.ip,
    });
  const userNamed = async (request: FastifyRequest, login: string) => {
    const user = await findUserByLogin(db, login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    return user;
  };

  route(app, sessions.list, async (_input, request) =>
    (await listSessions(db, request.principal!.id, new Date(now()))).map((s) => toDto(s, request.sessionId)),
  );

  /**
   * Signing out: the session in use ends, so its token is refused afterwards even if a copy of it
   * survives (docs/security.md "Identity: sessions"). A static path, so it never reads as an id.
   */
  route(app, sessions.endCurrent, async (_input, request) => {
    const { principal, sessionId } = request;
    if (sessionId !== null && (await endSession(db, principal!.id, sessionId))) {
      await audit(request, principal!.login, sessionId);
    }
  });

  route(app, sessions.end, async ({ params }, request) => {
    const { principal } = request;
    // Another user's session is not found, exactly like one that does not exist.
    if (!(await endSession(db, principal!.id, params.id))) {
      throw problems.entityNotFound('session', pathOf(request));
    }
    await audit(request, principal!.login, params.id);
  });

  /** Every other session of the caller: "sign out everywhere else". */
  route(app, sessions.endOthers, async (_input, request) => {
    if ((await endSessions(db, request.principal!.id, request.sessionId ?? undefined)) > 0) {
      await audit(request, request.principal!.login, 'all');
    }
  });

  route(app, sessions.ofUser, async ({ params }, request) => {
    const user = await userNamed(request, params.login);
    return (await listSessions(db, user.id, new Date(now()))).map((s) => toDto(s, request.sessionId));
  });

  route(app, sessions.endOfUser, async ({ params }, request) => {
    const user = await userNamed(request, params.login);
    // An administrator ending their own sessions keeps the one in use.
    const keep = user.id === request.principal!.id ? (request.sessionId ?? undefined) : undefined;
    if ((await endSessions(db, user.id, keep)) > 0)
      await audit(request, user.login, 'all', request.principal!.login);
  });
}
