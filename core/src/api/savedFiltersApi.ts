import { Effect, Schema } from 'effect';
import { SavedFilter, type SavedFilterInput } from '../domain/savedFilter.ts';
import { getJson, send } from './request.ts';

const PATH = 'api/saved-filters';

/** The signed-in user's saved lists (docs/insight.md). */
export const savedFiltersApi = {
  /** `GET api/saved-filters?list=…`: by name. */
  list: (list: string) => getJson(Schema.Array(SavedFilter), { path: PATH, query: [['list', list]] }),
  create: (input: SavedFilterInput) => getJson(SavedFilter, { method: 'POST', path: PATH, json: input }),
  update: (input: SavedFilterInput & { readonly id: number }) =>
    getJson(SavedFilter, { method: 'PUT', path: `${PATH}/${input.id}`, json: input }),
  remove: (id: number) => Effect.asVoid(send({ method: 'DELETE', path: `${PATH}/${id}` })),
};
