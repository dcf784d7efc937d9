import { Effect, type Schema } from 'effect';
import { call, callFile, callPage } from '../contract/client.ts';
import type { Endpoint } from '../contract/endpoint.ts';
import type { EntityQuery } from '../contract/entities.ts';
import { exportParams, type ListQuery, listParams } from './listParams.ts';
import type { Query } from './request.ts';
import { getJson, send } from './request.ts';

/** Query pairs as the contract's list query: the sorts a list, a repeated filter a list too. */
export const entityQuery = (pairs: Query): EntityQuery => {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const known = record[name];
    record[name] =
      name === 'sort' || known !== undefined
        ? [...(known === undefined ? [] : [known].flat()), value]
        : value;
  }
  return record;
};

/** A resource's list, export and detail, as core's contract declares them (contract/entities.ts). */
interface ResourceEndpoints<A, I> {
  readonly list: Endpoint<never, EntityQuery, never, readonly A[], readonly I[]>;
  readonly export?: Endpoint<never, EntityQuery, never, void, void>;
  readonly get: Endpoint<Record<string, string>, never, never, A, I>;
}

/**
 * The CRUD, list and export calls every business resource shares (docs/product.md §7):
 * `GET path` (paged, filtered), `GET path/{key}`, `POST path`, `PUT path`, `DELETE path/{key}`,
 * `GET path/export.csv`; the reads through the contract.
 */
export const entityApi = <A, I, K extends keyof A & string>(
  endpoints: ResourceEndpoints<A, I>,
  schema: Schema.Schema<A, I>,
  // The descriptor's key types `get` and `remove` (a policy by its branded `IdPolice`).
  descriptor: { readonly key: K; readonly exportName: string },
) => {
  const path = endpoints.list.path.slice(1);
  return {
    /** One page of the list for a query (filters, q, preset, sort, page, size). */
    list: (query: ListQuery) => callPage(endpoints.list, { query: entityQuery(listParams(query)) }),
    /** One row by its business key; a row outside the caller's scope is a 404 like an unknown key. */
    get: (key: A[K]) => call(endpoints.get, { params: { [descriptor.key]: String(key) } }),
    create: (row: Omit<I, 'id'>) => getJson(schema, { method: 'POST', path, json: row }),
    update: (row: I) => getJson(schema, { method: 'PUT', path, json: row }),
    remove: (key: A[K]) => Effect.asVoid(send({ method: 'DELETE', path: `${path}/${String(key)}` })),
    /** The list's selection as CSV (`;`, BOM), only the given columns in that order. */
    exportCsv: (query: Omit<ListQuery, 'page' | 'size'>, columns?: readonly string[]) =>
      callFile(
        endpoints.export!,
        { query: entityQuery(exportParams(query, columns)) },
        { accept: 'text/csv', fallbackName: descriptor.exportName },
      ),
  };
};
