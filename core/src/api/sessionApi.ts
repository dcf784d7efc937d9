import { Effect } from 'effect';
import { call } from '../contract/client.ts';
import { twoFactor } from '../contract/twoFactor.ts';

/** An administrator's view of a user's second factor, and the roles that require one (sessions: the contract's `sessions`). */
export const identityAdminApi = {
  twoFactor: (login: string) => call(twoFactor.ofUser, { params: { login } }),
  /** The alert header raises 'userManagement.twoFactorReset'. */
  resetTwoFactor: (login: string) => call(twoFactor.resetOfUser, { params: { login } }),
  requiredRoles: () => call(twoFactor.roles, {}).pipe(Effect.map((r) => r.roles)),
  setRequiredRoles: (roles: readonly string[]) =>
    call(twoFactor.setRoles, { body: { roles } }).pipe(Effect.map((r) => r.roles)),
};
