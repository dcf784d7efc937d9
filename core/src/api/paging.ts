import type { HttpClientResponse } from '@effect/platform';
import { Effect, Schema } from 'effect';
import type { Cents } from '../domain/money.ts';
import { parseDecimalCents } from '../domain/money.ts';
import { DecodeError } from './errors.ts';
import { type ApiRequest, decodeJson, send } from './request.ts';

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

/** One page of a list, with what the response headers say about the rest. */
export interface Page<T> {
  readonly items: readonly T[];
  /** `X-Total-Count`: rows matching the filters. */
  readonly total: number;
  readonly links: PageLinks;
  /** `X-Scope-Count` (policies, insured persons): the caller's rows before filters. */
  readonly scopeTotal?: number;
  /** `X-Total-Amount` (statements): total paid, forecasts excluded, in cents. */
  readonly totalAmount?: Cents;
}

const intHeader = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;

/** Reads the paging headers of a response whose body decoded to `items`. */
export const toPage = <T>(response: HttpClientResponse.HttpClientResponse, items: readonly T[]) =>
  Effect.gen(function* () {
    const headers = response.headers;
    const totalHeader = headers['x-total-count'];
    const total = totalHeader === undefined ? items.length : intHeader(totalHeader);
    if (total === undefined) {
      return yield* Effect.fail(
        new DecodeError({ url: response.request.url, message: `bad X-Total-Count: ${totalHeader}` }),
      );
    }
    const scopeTotal = intHeader(headers['x-scope-count']);
    const amount = headers['x-total-amount'];
    const totalAmount = amount === undefined ? undefined : parseDecimalCents(amount);
    const page: Page<T> = {
      items,
      total,
      links: parseLinkHeader(headers.link),
      ...(scopeTotal === undefined ? {} : { scopeTotal }),
      ...(totalAmount === undefined ? {} : { totalAmount }),
    };
    return page;
  });

/** GETs a JSON array and its paging headers as a typed `Page`. */
export const getPage = <A, I>(item: Schema.Schema<A, I>, req: ApiRequest) =>
  Effect.flatMap(send(req), (response) =>
    Effect.flatMap(decodeJson(Schema.Array(item))(response), (items) => toPage(response, items)),
  );
