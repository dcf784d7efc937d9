import { Schema } from 'effect';
import { getJson } from './request.ts';

/** One choice of a list filter's multi-select: the value sent back with `in`, and what a code means. */
export const FilterChoice = Schema.Struct({
  value: Schema.String,
  label: Schema.NullOr(Schema.String),
});
export type FilterChoice = typeof FilterChoice.Type;

/**
 * `GET <path>/distinct/{field}`: the values of one filter field over the caller's own rows,
 * sorted (a field the caller may not filter on is a 400).
 *
 * @example policeApi.distinct('gamme') // [{ value: 'Gamme A', label: null }, …]
 */
export const filterValuesApi = (path: string) => ({
  distinct: (field: string) =>
    getJson(Schema.Array(FilterChoice), { path: `${path}/distinct/${encodeURIComponent(field)}` }),
});
