/**
 * The end of every successful sign-in, by password or by single sign-on: a session row the user
 * sees and may end (session-store.ts) and a JWT naming it.
 */
import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../accounts/users.ts';
import type { TokenService } from '../auth/jwt.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { deviceOf } from './device.ts';
import { createSession } from './session-store.ts';

export async function startSession(
  deps: { readonly db: Db; readonly config: Config; readonly tokens: TokenService; readonly now: number },
  request: FastifyRequest,
  user: UserRecord,
  rememberMe: boolean,
  /** Opened with a second factor: a code, an enrolment, or single sign-on (the provider's factors count). */
  secondFactor: boolean,
): Promise<string> {
  const { db, config, tokens, now } = deps;
  const validity = rememberMe ? config.tokenValidityRememberMeSeconds : config.tokenValiditySeconds;
  const startedAt = new Date(now);
  const sessionId = await createSession(
    db,
    user.id,
    deviceOf(request.headers['user-agent']),
    request.ip,
    startedAt,
    new Date(startedAt.getTime() + validity * 1000),
    secondFactor,
  );
  return tokens.sign(user, user.authorities, validity, sessionId);
}
