import { Effect, Schema } from 'effect';
import { Session, TwoFactorRoles } from '../domain/session.ts';
import { TwoFactorStatus } from '../domain/twoFactor.ts';
import { getJson, send } from './request.ts';

const userPath = (login: string, rest: string) => `api/users/${encodeURIComponent(login)}/${rest}`;

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

/** An administrator's view of a user's sessions and second factor, and the roles that require one. */
export const identityAdminApi = {
  sessions: (login: string) => getJson(Schema.Array(Session), { path: userPath(login, 'sessions') }),
  endSessions: (login: string) =>
    Effect.asVoid(send({ method: 'DELETE', path: userPath(login, 'sessions') })),
  twoFactor: (login: string) => getJson(TwoFactorStatus, { path: userPath(login, 'two-factor') }),
  /** The alert header raises 'userManagement.twoFactorReset'. */
  resetTwoFactor: (login: string) =>
    Effect.asVoid(send({ method: 'DELETE', path: userPath(login, 'two-factor') })),
  requiredRoles: () =>
    getJson(TwoFactorRoles, { path: 'api/admin/two-factor/roles' }).pipe(Effect.map((r) => r.roles)),
  setRequiredRoles: (roles: readonly string[]) =>
    getJson(TwoFactorRoles, { method: 'PUT', path: 'api/admin/two-factor/roles', json: { roles } }).pipe(
      Effect.map((r) => r.roles),
    ),
};
