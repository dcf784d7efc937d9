import { Effect } from 'effect';
import { TwoFactorRoles } from '../domain/session.ts';
import { TwoFactorStatus } from '../domain/twoFactor.ts';
import { getJson, send } from './request.ts';

const userPath = (login: string, rest: string) => `api/users/${encodeURIComponent(login)}/${rest}`;

/** An administrator's view of a user's second factor, and the roles that require one (sessions: the contract's `sessions`). */
export const identityAdminApi = {
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
