/** The saved lists group (docs/insight.md): `/api/saved-filters`, each user's own. */
import { Schema } from 'effect';
import { Id } from '../domain/fields.ts';
import { SavedFilter } from '../domain/savedFilter.ts';
import { LIST_NAMES } from '../lists/listSpecs.ts';
import { endpoint, Key } from './endpoint.ts';

const GROUP = 'Insight';
const BASE = '/api/saved-filters';
const LISTS = `${LIST_NAMES.join(', ')} (each list's route name, from core's list specs)`;
const PRIVATE = "Each user's own: another user's saved list answers 404, as one that does not exist.";

const ListName = Schema.String.annotations({ description: `the list: ${LISTS}; one the caller may open` });

/** A saved list as the API answers it. */
export const SavedFilterAnswer = SavedFilter.annotations({ identifier: 'SavedFilter' });

/** What a POST or PUT sends; the server trims the name and reads the query with the list's rules. */
export const SavedFilterBody = Schema.Struct({
  id: Schema.optional(
    Schema.NullOr(Id).annotations({ description: 'PUT without an id in the address only' }),
  ),
  // A missing name reads as blank, which the server refuses as NotBlank (as JHipster's @NotBlank).
  name: Schema.optionalWith(
    Schema.String.pipe(Schema.maxLength(100)).annotations({
      description: 'unique per user and list, trimmed',
    }),
    { default: () => '' },
  ),
  list: ListName,
  query: Schema.String.pipe(Schema.maxLength(4000)).annotations({
    description:
      "the list's URL query (filters `field.op=value`, `q`, `preset`, `sort`, `size`, `columns`), read by the list's own rules for the caller: an unknown or hidden field, operator, preset or column is a 400 on `query`; stored in canonical form",
    examples: ['preset=IMP&cp.startsWith=75&sort=nomprenom%2Casc'],
  }),
  isDefault: Schema.optional(
    Schema.Boolean.annotations({
      description:
        'the list opens with it when its address has no query; setting it clears the previous default of that list',
    }),
  ),
}).annotations({ identifier: 'SavedFilterInput' });

const byId = Schema.Struct({ id: Key('the saved list') });
const common = { group: GROUP, access: 'signed-in', objectName: 'savedFilter' } as const;

export const savedFilters = {
  list: endpoint({
    ...common,
    id: 'getSavedFilters',
    method: 'GET',
    path: BASE,
    summary: "The caller's saved lists, by list then name",
    query: Schema.Struct({
      list: Schema.optional(Schema.String.annotations({ description: `only this list's (${LISTS})` })),
    }),
    success: { status: 200, description: 'the saved lists', schema: Schema.Array(SavedFilterAnswer) },
    errors: ['BadRequest'],
  }),
  create: endpoint({
    ...common,
    id: 'createSavedFilter',
    method: 'POST',
    path: BASE,
    summary: 'Saves a list under a name',
    description:
      'A body with an `id` is refused (`error.idexists`); a name used in that list already is a 400 on `name` (`Unique`).',
    body: SavedFilterBody,
    success: {
      status: 201,
      description: 'saved',
      schema: SavedFilterAnswer,
      headers: ['location', 'alert'],
      alert: 'extranetApp.savedFilter.created',
    },
    errors: ['BadRequest'],
  }),
  updateFromBody: endpoint({
    ...common,
    id: 'updateSavedFilterFromBody',
    method: 'PUT',
    path: BASE,
    summary: 'Replaces a saved list named by the `id` of the body (JHipster 4)',
    description: PRIVATE,
    body: SavedFilterBody,
    success: {
      status: 200,
      description: 'saved',
      schema: SavedFilterAnswer,
      headers: ['alert'],
      alert: 'extranetApp.savedFilter.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  get: endpoint({
    ...common,
    id: 'getSavedFilter',
    method: 'GET',
    path: `${BASE}/{id}`,
    summary: 'One saved list',
    description: PRIVATE,
    params: byId,
    success: { status: 200, description: 'the saved list', schema: SavedFilterAnswer },
    errors: ['NotFound'],
  }),
  update: endpoint({
    ...common,
    id: 'updateSavedFilter',
    method: 'PUT',
    path: `${BASE}/{id}`,
    summary: 'Renames a saved list, changes its query or makes it the default',
    description: PRIVATE,
    params: byId,
    body: SavedFilterBody,
    success: {
      status: 200,
      description: 'saved',
      schema: SavedFilterAnswer,
      headers: ['alert'],
      alert: 'extranetApp.savedFilter.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  remove: endpoint({
    ...common,
    id: 'deleteSavedFilter',
    method: 'DELETE',
    path: `${BASE}/{id}`,
    summary: 'Deletes a saved list',
    description: PRIVATE,
    params: byId,
    success: {
      status: 200,
      description: 'deleted (empty body)',
      headers: ['alert'],
      alert: 'extranetApp.savedFilter.deleted',
    },
    errors: ['NotFound'],
  }),
};
