import { call } from '../contract/client.ts';
import type { filterValues } from '../contract/filterValues.ts';

/**
 * `GET <list>/distinct/{field}` through the contract: the values of one filter field over the
 * caller's own rows, sorted and decoded (a field the caller may not filter on is a 400).
 *
 * @example policeApi.distinct('gamme') // [{ value: 'Gamme A', label: null }, …]
 */
export const filterValuesApi = (endpoint: (typeof filterValues)[keyof typeof filterValues]) => ({
  distinct: (field: string) => call(endpoint, { params: { field } }),
});
