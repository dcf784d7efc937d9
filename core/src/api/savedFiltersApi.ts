import { Effect } from 'effect';
import { call } from '../contract/client.ts';
import { savedFilters } from '../contract/savedFilters.ts';
import type { SavedFilterInput } from '../domain/savedFilter.ts';

/** The signed-in user's saved lists (docs/insight.md), called through core's contract. */
export const savedFiltersApi = {
  /** `GET api/saved-filters?list=…`: by name. */
  list: (list: string) => call(savedFilters.list, { query: { list } }),
  create: (input: SavedFilterInput) => call(savedFilters.create, { body: input }),
  update: (input: SavedFilterInput & { readonly id: number }) =>
    call(savedFilters.update, { params: { id: input.id }, body: input }),
  remove: (id: number) => Effect.asVoid(call(savedFilters.remove, { params: { id } })),
};
