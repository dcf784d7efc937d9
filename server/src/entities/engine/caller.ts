/**
 * The part of the signed-in user that decides what they see: their roles and broker code.
 * The engine takes this rather than a request so it stays testable without HTTP.
 */
import { may } from '@extranet/core/permissions/table.ts';

export interface Caller {
  readonly authorities: readonly string[];
  readonly codeCourtier: string | null;
}

/** Admins (and the back office) see every row; this never widens column scope (see columns.ts). */
export const seesAllRows = (caller: Caller): boolean => may(caller, 'rows.all');

/** Wholesalers see the rows of the brokers they wholesale for. */
export const seesWholesaled = (caller: Caller): boolean => may(caller, 'rows.wholesaler');
