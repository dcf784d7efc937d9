/** Saved lists (docs/insight.md): `/api/saved-filters`, each user's own. */
import { LIST_NAMES } from '@extranet/core/lists/listSpecs.ts';
import {
  alertHeaders,
  arrayOf,
  header,
  type Json,
  jsonContent,
  okJson,
  operation,
  pathParam,
  queryParam,
  ref,
} from './builders.ts';

const LISTS = `${LIST_NAMES.join(', ')} (each list's route name, from core's list specs)`;

const values: Record<string, Json> = {
  name: { type: 'string', minLength: 1, maxLength: 100, description: 'unique per user and list, trimmed' },
  list: { type: 'string', description: `the list: ${LISTS}; one the caller may open` },
  query: {
    type: 'string',
    maxLength: 4000,
    description:
      "the list's URL query (filters `field.op=value`, `q`, `preset`, `sort`, `size`, `columns`), read by the list's own rules for the caller: an unknown or hidden field, operator, preset or column is a 400 on `query`; stored in canonical form",
    example: 'preset=IMP&cp.startsWith=75&sort=nomprenom%2Casc',
  },
  isDefault: {
    type: 'boolean',
    description:
      'the list opens with it when its address has no query; setting it clears the previous default of that list',
  },
};

export const SAVED_FILTER_SCHEMAS: Record<string, Json> = {
  SavedFilter: {
    type: 'object',
    required: ['id', 'name', 'list', 'query', 'isDefault', 'createdDate', 'lastModifiedDate'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      ...values,
      createdDate: { type: 'string', format: 'date-time' },
      lastModifiedDate: { type: 'string', format: 'date-time' },
    },
  },
  SavedFilterInput: {
    type: 'object',
    required: ['name', 'list', 'query'],
    properties: { id: { type: 'integer', description: 'PUT without an id in the address only' }, ...values },
  },
};

const idParam = pathParam('id', 'the saved list', { type: 'integer' });
const body = { content: jsonContent(ref('SavedFilterInput')) };
const PRIVATE = "Each user's own: another user's saved list answers 404, as one that does not exist.";

export const SAVED_FILTER_PATHS: Record<string, Json> = {
  '/api/saved-filters': {
    get: operation({
      id: 'getSavedFilters',
      tag: 'Insight',
      summary: "The caller's saved lists, by list then name",
      roles: 'signed-in',
      params: [queryParam('list', `only this list's (${LISTS})`)],
      ok: { 200: okJson('the saved lists', arrayOf(ref('SavedFilter'))) },
      errors: ['BadRequest'],
    }),
    post: operation({
      id: 'createSavedFilter',
      tag: 'Insight',
      summary: 'Saves a list under a name',
      roles: 'signed-in',
      description:
        'A body with an `id` is refused (`error.idexists`); a name used in that list already is a 400 on `name` (`Unique`).',
      body,
      ok: {
        201: okJson('saved', ref('SavedFilter'), {
          Location: header('`/api/saved-filters/{id}`'),
          ...alertHeaders('extranetApp.savedFilter.created'),
        }),
      },
      errors: ['BadRequest'],
    }),
    put: operation({
      id: 'updateSavedFilterFromBody',
      tag: 'Insight',
      summary: 'Replaces a saved list named by the `id` of the body (JHipster 4)',
      roles: 'signed-in',
      description: PRIVATE,
      body,
      ok: { 200: okJson('saved', ref('SavedFilter'), alertHeaders('extranetApp.savedFilter.updated')) },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  '/api/saved-filters/{id}': {
    get: operation({
      id: 'getSavedFilter',
      tag: 'Insight',
      summary: 'One saved list',
      roles: 'signed-in',
      description: PRIVATE,
      params: [idParam],
      ok: { 200: okJson('the saved list', ref('SavedFilter')) },
      errors: ['NotFound'],
    }),
    put: operation({
      id: 'updateSavedFilter',
      tag: 'Insight',
      summary: 'Renames a saved list, changes its query or makes it the default',
      roles: 'signed-in',
      description: PRIVATE,
      params: [idParam],
      body,
      ok: { 200: okJson('saved', ref('SavedFilter'), alertHeaders('extranetApp.savedFilter.updated')) },
      errors: ['BadRequest', 'NotFound'],
    }),
    delete: operation({
      id: 'deleteSavedFilter',
      tag: 'Insight',
      summary: 'Deletes a saved list',
      roles: 'signed-in',
      description: PRIVATE,
      params: [idParam],
      ok: {
        200: {
          description: 'deleted (empty body)',
          headers: alertHeaders('extranetApp.savedFilter.deleted'),
        },
      },
      errors: ['NotFound'],
    }),
  },
};
