/**
 * JHipster paging for the server's own lists (users, audits): `page` (0-based), `size`,
 * repeated `sort=field,asc|desc` on whitelisted fields; answers carry `X-Total-Count` and the
 * `Link` header of docs/api-conventions.md §5.
 */
import type { FastifyReply } from 'fastify';
import { problems } from './problems.ts';

export interface PageRequest {
  readonly page: number;
  readonly size: number;
  /** A safe SQL ORDER BY list built from whitelisted columns only. */
  readonly orderBy: string;
  readonly offset: number;
}

export interface PagingOptions {
  /** API field name → SQL expression. */
  readonly sortable: Readonly<Record<string, string>>;
  readonly defaultSort: readonly string[];
  readonly defaultSize: number;
  readonly maxSize?: number;
  /** Appended to every order so pages are stable. */
  readonly tieBreaker: string;
}

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    if (value.length > 1) throw problems.badRequest(`Parameter ${name} is given more than once`);
    return value[0];
  }
  return value;
}

function integer(query: Query, name: string, fallback: number, min: number, max: number): number {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw problems.badRequest(`Parameter ${name} must be an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

export function parsePaging(query: Query, options: PagingOptions): PageRequest {
  const size = integer(query, 'size', options.defaultSize, 1, options.maxSize ?? 1000);
  const page = integer(query, 'page', 0, 0, 10_000_000);
  const raw = query.sort;
  const sorts = raw === undefined ? [...options.defaultSort] : Array.isArray(raw) ? raw : [raw];
  const order: string[] = [];
  for (const sort of sorts) {
    const [field, direction = 'asc', ...rest] = sort.split(',').map((s) => s.trim());
    const column = field ? options.sortable[field] : undefined;
    if (!field || !column || !Object.hasOwn(options.sortable, field)) {
      throw problems.badRequest(`Cannot sort on ${field || '(empty)'}`);
    }
    const dir = direction.toLowerCase();
    if ((dir !== 'asc' && dir !== 'desc') || rest.length > 0) {
      throw problems.badRequest(`Sort direction must be asc or desc: ${sort}`);
    }
    order.push(`${column} ${dir.toUpperCase()}`);
  }
  order.push(options.tieBreaker);
  return { page, size, orderBy: order.join(', '), offset: page * size };
}

/** Characters of a kept query that would end a Link URL or split the header (`,` `;` `<` `>` `"`, space). */
const LINK_UNSAFE = /[,;<>" ]/g;

/**
 * The request's query without `page` and `size`, as the client sent it (filters, sort, search),
 * for the Link URLs: as JHipster 5+ builds them from the current request, `next` of a filtered,
 * sorted list is the next page of that same list. The header's separators inside values are
 * percent-encoded (the JHipster clients split the header on `,` and `;`).
 */
export function keptQuery(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  return url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '' && !/^(page|size)(=|$)/i.test(part))
    .map((part) => part.replace(LINK_UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('&');
}

/**
 * The JHipster Link header: next, prev, last, first, each `path?page=N&size=S` followed by the
 * request's other parameters (`query`, from keptQuery).
 */
export function linkHeader(path: string, page: number, size: number, total: number, query = ''): string {
  const totalPages = Math.ceil(total / size);
  const rest = query === '' ? '' : `&${query}`;
  const url = (n: number) => `<${path}?page=${n}&size=${size}${rest}>`;
  const links: string[] = [];
  if (page + 1 < totalPages) links.push(`${url(page + 1)}; rel="next"`);
  if (page > 0) links.push(`${url(page - 1)}; rel="prev"`);
  links.push(`${url(Math.max(totalPages - 1, 0))}; rel="last"`);
  links.push(`${url(0)}; rel="first"`);
  return links.join(',');
}

export function setPageHeaders(reply: FastifyReply, path: string, request: PageRequest, total: number): void {
  reply.header('X-Total-Count', String(total));
  reply.header('Link', linkHeader(path, request.page, request.size, total, keptQuery(reply.request.url)));
}
