import { Effect, type Schema } from 'effect';
import { downloadFile } from './download.ts';
import { exportParams, type ListQuery, listParams } from './listParams.ts';
import { getPage } from './paging.ts';
import { getJson, send } from './request.ts';

/**
 * The CRUD, list and export calls every business resource shares (docs/product.md §7):
 * `GET path` (paged, filtered), `GET path/{key}`, `POST path`, `PUT path`, `DELETE path/{key}`,
 * `GET path/export.csv`.
 */
export const entityApi = <A, I, K extends keyof A & string>(
  path: string,
  schema: Schema.Schema<A, I>,
  // The descriptor's key types `get` and `remove` (a policy by its branded `IdPolice`).
  descriptor: { readonly key: K; readonly exportName: string },
) => ({
  /** One page of the list for a query (filters, q, preset, sort, page, size). */
  list: (query: ListQuery) => getPage(schema, { path, query: listParams(query) }),
  /** One row by its business key; a row outside the caller's scope is a 404 like an unknown key. */
  get: (key: A[K]) => getJson(schema, { path: `${path}/${String(key)}` }),
  create: (row: Omit<I, 'id'>) => getJson(schema, { method: 'POST', path, json: row }),
  update: (row: I) => getJson(schema, { method: 'PUT', path, json: row }),
  remove: (key: A[K]) => Effect.asVoid(send({ method: 'DELETE', path: `${path}/${String(key)}` })),
  /** The list's selection as CSV (`;`, BOM), only the given columns in that order. */
  exportCsv: (query: Omit<ListQuery, 'page' | 'size'>, columns?: readonly string[]) =>
    downloadFile({
      path: `${path}/export.csv`,
      query: exportParams(query, columns),
      accept: 'text/csv',
      fallbackName: descriptor.exportName,
    }),
});
