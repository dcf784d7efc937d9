import { call, callFile, callPage } from '../contract/client.ts';
import type { Endpoint } from '../contract/endpoint.ts';
import type { EntityInput, EntityQuery } from '../contract/entities.ts';
import { exportParams, type ListQuery, listParams } from './listParams.ts';
import type { Query } from './request.ts';

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

/** A resource's admin writes, as core's contract declares them. */
interface WriteEndpoints<A, I> {
  readonly create: Endpoint<never, never, EntityInput<I>, A, I>;
  readonly update: Endpoint<never, never, EntityInput<I>, A, I>;
  readonly delete: Endpoint<Record<string, string>, never, never, void, void>;
}

/**
 * The list, detail and export calls every business resource shares (docs/product.md §7):
 * `GET path` (paged, filtered), `GET path/{key}`, `GET path/export.csv`.
 */
export const entityApi = <A, I, K extends keyof A & string>(
  endpoints: ResourceEndpoints<A, I>,
  // The descriptor's key types `get` (a policy by its branded `IdPolice`).
  descriptor: { readonly key: K; readonly exportName: string },
) => ({
  /** One page of the list for a query (filters, q, preset, sort, page, size). */
  list: (query: ListQuery) => callPage(endpoints.list, { query: entityQuery(listParams(query)) }),
  /** One row by its business key; a row outside the caller's scope is a 404 like an unknown key. */
  get: (key: A[K]) => call(endpoints.get, { params: { [descriptor.key]: String(key) } }),
  /** The list's selection as CSV (`;`, BOM), only the given columns in that order. */
  exportCsv: (query: Omit<ListQuery, 'page' | 'size'>, columns?: readonly string[]) =>
    callFile(
      endpoints.export!,
      { query: entityQuery(exportParams(query, columns)) },
      { accept: 'text/csv', fallbackName: descriptor.exportName },
    ),
});

/**
 * The admin writes of a resource an administrator edits: `POST path`, `PUT path` (the key in the
 * row), `DELETE path/{key}`; the server checks every value, and its refusal is the answer.
 */
export const entityWriteApi = <A, I, K extends keyof A & string>(
  endpoints: WriteEndpoints<A, I>,
  descriptor: { readonly key: K },
) => ({
  create: (row: EntityInput<I>) => call(endpoints.create, { body: row }),
  update: (row: EntityInput<I>) => call(endpoints.update, { body: row }),
  remove: (key: A[K]) => call(endpoints.delete, { params: { [descriptor.key]: String(key) } }),
});
