import type { Query } from '../api/request.ts';
import { type AddressPlace, ownParams, showList, withAddress } from './listAddress.ts';

/** A list's position: a saved list opens at its first page. */
const POSITION = new Set(['page', 'first']);

const searchOf = (params: Query) => new URLSearchParams(params as Array<[string, string]>).toString();

/**
 * What a saved list keeps of a list's address (docs/insight.md): its filters, search, preset,
 * sort, size and columns with the API's names, not its page nor another screen's parameters (an
 * open client file, the statement whose lines these are).
 *
 * @example savedQuery([['cp.startsWith', '75'], ['page', '2'], ['fiche', '9']]) // 'cp.startsWith=75'
 * @example savedQuery([['first', '24'], ['tab', 'lines'], ['lines.sort', 'montant,desc']], LIST_SPECS.mouvements.address) // 'sort=montant%2Cdesc'
 */
export const savedQuery = (params: Query, place: AddressPlace = {}): string =>
  searchOf(ownParams(params, place).filter(([key]) => !POSITION.has(key)));

/**
 * The route's query that applies a saved list's `query` where the list is (`current`: the
 * route's query now, or none for a shared address): the screen's own parameters kept, the
 * list's marks (its tab) set, its address replaced.
 *
 * @example savedAddress([['first', '24'], ['lines.page', '3']], 'sort=montant,desc', LIST_SPECS.mouvements.address)
 * // 'first=24&tab=lines&lines.sort=montant%2Cdesc'
 */
export const savedAddress = (current: Query, query: string, place: AddressPlace = {}): string => {
  const saved = [...new URLSearchParams(query).entries()].filter(([key]) => !POSITION.has(key));
  return searchOf(withAddress(showList(withAddress(current, [], place), place, true), saved, place));
};
