import type { Query } from '../api/request.ts';
import { isAddressKey } from './listAddress.ts';

/** A list's position: a saved list opens at its first page. */
const POSITION = new Set(['page', 'first']);

/**
 * What a saved list keeps of a list's address (docs/insight.md): its filters, search, preset,
 * sort, size and columns, not its page nor another screen's parameters (an open client file).
 *
 * @example savedQuery([['cp.startsWith', '75'], ['page', '2'], ['fiche', '9']]) // 'cp.startsWith=75'
 */
export const savedQuery = (params: Query): string =>
  new URLSearchParams(
    params.filter(([key]) => isAddressKey(key) && !POSITION.has(key)) as Array<[string, string]>,
  ).toString();
