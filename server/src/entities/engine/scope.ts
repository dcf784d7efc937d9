/**
 * Row scope of docs/design.md §4, the only place it is written. Every business table carries both
 * broker codes, so the condition is the same for all of them. The query builder always ANDs it
 * in; no route builds SQL on a business table without it.
 */
import type { Binder } from './binder.ts';
import { type Caller, seesAllRows, seesWholesaled } from './caller.ts';

export function scopeCondition(caller: Caller, bind: Binder): string {
  if (seesAllRows(caller)) return 'true';
  const code = caller.codeCourtier?.trim();
  // No broker code: an empty list, not an error.
  if (!code) return 'false';
  const column = seesWholesaled(caller) ? 'code_courtier_grossiste_portail' : 'code_courtier_portail';
  return `${column} = ${bind(code)}`;
}

/**
 * The caller's key in `scope_count` (migration 0008): the scope's kind and code, or null when
 * the caller sees nothing. Mirrors `scopeCondition`, so the stored count is that condition's.
 */
export function scopeKey(caller: Caller): { readonly scope: string; readonly code: string } | null {
  if (seesAllRows(caller)) return { scope: 'all', code: '' };
  const code = caller.codeCourtier?.trim();
  if (!code) return null;
  return { scope: seesWholesaled(caller) ? 'grossiste' : 'courtier', code };
}
