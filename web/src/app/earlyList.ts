import { LIST_SPECS, type ListSpec, listParams, readAddress } from '@extranet/core';

/**
 * The lists whose first page is asked for with the account check: the two portfolio lists, at
 * their contract's paths (written here and checked against the contract by earlyList.test.ts:
 * the contract's module would bring every row schema into the entry script).
 */
export const FIRST_PAGES: Partial<Record<ListSpec['id'], string>> = {
  police: '/api/police',
  assures: '/api/police-assures',
};

/**
 * The URL of the first page the list screen at `path?search` will ask for (the list machine's
 * query is read from the address the same way, whatever the account), or undefined when the
 * address is not one of those lists.
 */
export const firstPageUrl = (baseUrl: string, path: string, search: string): string | undefined => {
  const spec = Object.values(LIST_SPECS).find((s) => path === `/${s.name}`);
  const resource = spec === undefined ? undefined : FIRST_PAGES[spec.id];
  if (spec === undefined || resource === undefined) return undefined;
  const route = [...new URLSearchParams(search).entries()];
  const { query } = readAddress(spec, route, { defaultColumns: [], allowedColumns: [] });
  const url = new URL(resource.replace(/^\//, ''), baseUrl);
  url.search = new URLSearchParams(listParams(query) as Array<[string, string]>).toString();
  return url.href;
};
