import { Effect, Schema } from 'effect';
import { Session } from '../domain/session.ts';
import { getJson, send } from './request.ts';

/** The signed-in user's sessions (docs/security.md "Identity: sessions"). */
export const sessionApi = {
  list: () => getJson(Schema.Array(Session), { path: 'api/account/sessions' }),
  end: (id: number) => Effect.asVoid(send({ method: 'DELETE', path: `api/account/sessions/${id}` })),
  /** Every session of the caller but the one in use. */
  endOthers: () => Effect.asVoid(send({ method: 'DELETE', path: 'api/account/sessions' })),
  /**
   * Signing out: ends the session of `token`, named here because the caller forgets the token
   * from its store at the same moment (the web's sign-out, the CLI's `logout`).
   */
  endCurrent: (token: string) =>
    Effect.asVoid(send({ method: 'DELETE', path: 'api/account/sessions/current', token })),
};
