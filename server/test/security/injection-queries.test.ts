/**
 * Read side: property-based hostile input (fast-check) in every query parameter and
 * path parameter of every GET route of the API (entity lists, details, exports, PDFs, users
 * admin, management), sent with real tokens of three demo accounts. Each answer is below 500
 * (a problem+json when 4xx, no stack or SQL text) and no table changes. Extends
 * `test/entities/hostile-input.test.ts` (fixed values on a stub app) with generated values, every
 * whitelisted `<field>.<op>` pair, combined and repeated parameters and raw query strings.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissionResource } from '../../src/entities/commissions/resource.ts';
import type { ResourceDef } from '../../src/entities/engine/fields.ts';
import { mouvementResource } from '../../src/entities/mouvements/resource.ts';
import { policeResource } from '../../src/entities/police/resource.ts';
import { policeAssureResource } from '../../src/entities/police-assures/resource.ts';
import { timelineResource } from '../../src/entities/timelines/resource.ts';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';
import { enc, expectSafe, hostileText, RUNS } from './hostile.ts';
import { snapshot } from './snapshot.ts';

const OPS = ['equals', 'in', 'contains', 'startsWith', 'gte', 'gt', 'lte', 'lt'];
const COMMON = ['page', 'size', 'sort', 'q', 'preset', 'columns', 'type', 'fromDate', 'toDate', 'first'];

const paramsOf = (resource?: ResourceDef) => [
  ...COMMON,
  ...(resource?.fields.flatMap((field) => OPS.map((op) => `${field.name}.${op}`)) ?? []),
];

/** Every GET route with a query string worth attacking, with the resource naming its filters. */
const QUERY_ROUTES: readonly [string, ResourceDef | undefined][] = [
  ['/api/police', policeResource],
  ['/api/police/export.csv', policeResource],
  ['/api/police-assures', policeAssureResource],
  ['/api/police-assures/export.csv', policeAssureResource],
  ['/api/assures/1001', policeAssureResource],
  ['/api/commissions', commissionResource],
  ['/api/commissions/export.csv', commissionResource],
  ['/api/commission-mouvements', mouvementResource],
  ['/api/mouvements/2001', mouvementResource],
  ['/api/mouvements/2001/export.csv', mouvementResource],
  ['/api/mouvements/police/1001', mouvementResource],
  ['/api/timelines', timelineResource],
  ['/api/police-event/1001', timelineResource],
  ['/api/users', undefined],
  ['/api/activate', undefined],
  ['/management/audits', undefined],
  ['/management/health', undefined],
];

/** Every route with a path parameter (`{}` marks it). */
const PATH_ROUTES = [
  '/api/police/{}',
  '/api/police-assures/{}',
  '/api/assures/{}',
  '/api/commissions/{}',
  '/api/commissions/bordereau/{}',
  '/api/commissions/download/{}',
  '/api/commission-mouvements/{}',
  '/api/mouvements/{}',
  '/api/mouvements/{}/export.csv',
  '/api/mouvements/police/{}',
  '/api/timelines/{}',
  '/api/police-event/{}',
  '/api/users/{}',
  '/management/audits/{}',
] as const;

const CALLERS = ['admin', 'courtier', 'grossiste'] as const;

/** Leaves `%`, `&`, `=` and `+` raw so the query parser sees them; encodes what a URL cannot hold. */
const rawQuery = (text: string) => text.replace(/[^\x21-\x7e]|#/gu, (c) => enc(c));

describe('hostile query and path parameters', () => {
  forEachApp((_kind, ctx) => {
    const headers: Record<string, { authorization: string }> = {};
    beforeAll(async () => {
      await seed(ctx().db);
      for (const caller of CALLERS) headers[caller] = await ctx().auth(caller);
    });
    const get = (caller: (typeof CALLERS)[number], url: string) =>
      ctx().app.inject({ method: 'GET', url, headers: headers[caller] });

    for (const [route, resource] of QUERY_ROUTES) {
      it(`GET ${route}: generated values in every parameter, alone and combined`, async () => {
        const before = await snapshot(ctx().db);
        const param = fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...paramsOf(resource)) },
          { weight: 1, arbitrary: hostileText },
        );
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...CALLERS),
            fc.array(fc.tuple(param, hostileText), { minLength: 1, maxLength: 4 }),
            async (caller, pairs) => {
              const query = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
              const url = `${route}?${query}`;
              expectSafe(`${caller} GET ${url.slice(0, 200)}`, await get(caller, url));
            },
          ),
          { numRuns: RUNS },
        );
        expect(await snapshot(ctx().db)).toEqual(before);
      });
    }

    it('GET lists: raw query strings (stray %, &, =, brackets) never break the parser', async () => {
      const before = await snapshot(ctx().db);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...QUERY_ROUTES.map(([route]) => route)),
          fc.oneof(
            fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
            fc.constantFrom(
              '%',
              '%zz',
              '%E9',
              '%C3',
              'a[b]=1',
              'sort[]=id',
              'page[0]=1&page[1]=2',
              '&&==&',
              '+%2B+',
            ),
            fc
              .array(fc.constantFrom('page=1', 'size=-1', 'sort=id', 'q=%', '='), { maxLength: 40 })
              .map((a) => a.join('&')),
          ),
          async (route, query) => {
            const url = `${route}?${rawQuery(query)}`;
            expectSafe(`GET ${url.slice(0, 200)}`, await get('admin', url));
          },
        ),
        { numRuns: RUNS },
      );
      expect(await snapshot(ctx().db)).toEqual(before);
    });

    it('GET by path parameter: 200 only for a real id, else a 4xx problem, on every route', async () => {
      const before = await snapshot(ctx().db);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLERS),
          fc.constantFrom(...PATH_ROUTES),
          hostileText,
          async (caller, route, value) => {
            const url = route.replace('{}', enc(value));
            const response = await get(caller, url);
            expectSafe(`${caller} GET ${url.slice(0, 200)}`, response);
          },
        ),
        { numRuns: RUNS * 2 },
      );
      expect(await snapshot(ctx().db)).toEqual(before);
    });
  });
});
