/**
 * The part of the signed-in user that decides what they see: their roles and broker code.
 * The engine takes this rather than a request so it stays testable without HTTP.
 */
export interface Caller {
  readonly authorities: readonly string[];
  readonly codeCourtier: string | null;
}

export const hasRole = (caller: Caller, role: string): boolean => caller.authorities.includes(role);

/** Admins see every row; this never widens column scope (see columns.ts). */
export const seesAllRows = (caller: Caller): boolean =>
  hasRole(caller, 'ROLE_ADMIN') || hasRole(caller, 'ROLE_SUPER_ADMIN');
