/**
 * The plain half of paging, free of Effect so light clients (the CLI) can load it alone: sort
 * parameters and the JHipster `Link` header. `paging.ts` re-exports it.
 */

export type SortDirection = 'asc' | 'desc';
/** One column of a multi-column sort. */
export interface SortOrder {
  readonly field: string;
  readonly dir: SortDirection;
}

/** The `sort` parameters, one per column: `sort=mois,desc&sort=id,asc`. */
export const sortParams = (sort: readonly SortOrder[]): Array<readonly [string, string]> =>
  sort.map((order) => ['sort', `${order.field},${order.dir}`] as const);

/** Parses `sort=field,dir` strings (a route's query) back into orders; unknown directions are asc. */
export const parseSort = (values: readonly string[]): SortOrder[] =>
  values.flatMap((value) => {
    const [field, dir] = value.split(',');
    if (field === undefined || field === '') return [];
    return [{ field, dir: dir === 'desc' ? 'desc' : 'asc' } as SortOrder];
  });

/**
 * A click on a column header of a table sorted by the server: alone, it sorts by that column
 * (ascending, then descending on the next click); with shift (`add`), it adds the column after
 * the others, or flips its direction when it is already there (multi-sort, docs/product.md §2).
 */
export const toggleSort = (sort: readonly SortOrder[], field: string, add: boolean): SortOrder[] => {
  const current = sort.find((order) => order.field === field);
  const flipped: SortOrder = { field, dir: current?.dir === 'asc' ? 'desc' : 'asc' };
  if (!add) return [sort.length === 1 && current !== undefined ? flipped : { field, dir: 'asc' }];
  return current === undefined
    ? [...sort, { field, dir: 'asc' }]
    : sort.map((order) => (order.field === field ? flipped : order));
};

export type PageLinks = Partial<Record<'first' | 'prev' | 'next' | 'last', number>>;

/**
 * Parses the JHipster `Link` header into page numbers by relation:
 * `</api/users?page=7&size=50>; rel="next",…` → `{ next: 7, … }`. Malformed parts are skipped.
 */
export const parseLinkHeader = (header: string | undefined): PageLinks => {
  const links: PageLinks = {};
  if (header === undefined || header.trim() === '') return links;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?(first|prev|next|last)"?/.exec(part.trim());
    if (match === null) continue;
    const page = /[?&]page=(\d+)/.exec(match[1] ?? '');
    if (page?.[1] !== undefined) links[match[2] as keyof PageLinks] = Number(page[1]);
  }
  return links;
};
