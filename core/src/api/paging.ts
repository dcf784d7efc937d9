import type { HttpClientResponse } from '@effect/platform';
import { Effect, Schema } from 'effect';
import type { Cents } from '../domain/money.ts';
import { parseDecimalCents } from '../domain/money.ts';
import { DecodeError } from './errors.ts';
import { type PageLinks, parseLinkHeader } from './pagingParams.ts';
import { type ApiRequest, decodeJson, send } from './request.ts';

export * from './pagingParams.ts';

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
