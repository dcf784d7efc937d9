/**
 * No answer with personal or commission data may be kept by a browser or a shared
 * cache. Every route the app registers answers `Cache-Control: no-store` (JSON, the sign-in
 * token, PDFs, CSV exports, errors), over the demo data so the lists, details and files hold
 * rows; the web app's static files keep their own caching.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../src/data/loadDemo.ts';
import { forEachApp } from '../helpers.ts';
import { concrete, everyRoleCaller, fakeWebDist, registeredRoutes } from './routes.ts';

describe('Cache-Control', () => {
  forEachApp(
    (_kind, ctx) => {
      let caller: { authorization: string };
      beforeAll(async () => {
        await loadDemoData(ctx().db, { seed: 14, today: '2026-06-30', policiesPerBroker: 2, pdfMonths: 2 });
        caller = await everyRoleCaller(ctx());
      }, 120_000);

      it('is no-store on the answer of every API route, data or error', async () => {
        const ok: string[] = [];
        // Ending the caller's own session is called last: the caller's token is refused after it.
        const endsOwnSession = ([method, pattern]: readonly [string, string, ...unknown[]]) =>
          method === 'DELETE' && pattern === '/api/account/sessions/current';
        const routes = registeredRoutes(ctx());
        for (const [method, pattern] of [
          ...routes.filter((route) => !endsOwnSession(route)),
          ...routes.filter(endsOwnSession),
        ]) {
          if (pattern === '/*') continue; // the static files: below
          // Reads on real keys; writes on keys that do not exist, so nothing is changed.
          const url =
            method === 'GET' || method === 'HEAD' ? concrete(pattern) : pattern.replace(/:\w+/g, '999999999');
          for (const headers of [caller, {}]) {
            const response = await ctx().app.inject({ method, url, headers });
            expect(response.headers['cache-control'], `${method} ${url} ${response.statusCode}`).toBe(
              'no-store',
            );
            if (response.statusCode === 200 && method === 'GET') ok.push(url);
          }
        }
        // Personal and commission data were among the answers, not only errors.
        for (const url of [
          '/api/account',
          '/api/police',
          '/api/commissions',
          '/api/users',
          '/management/audits',
        ]) {
          expect(ok).toContain(url);
        }
      });

      it('is no-store on the sign-in token, a statement PDF and the CSV exports', async () => {
        caller = await ctx().auth('allroles', 'allroles-pass'); // the test above ended its session
        const signIn = await ctx().app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: 'courtier', password: 'courtier' },
        });
        expect(signIn.statusCode).toBe(200);
        expect(signIn.headers['cache-control']).toBe('no-store');
        const statements = await ctx().app.inject({
          method: 'GET',
          url: '/api/commissions?size=50&sort=idBordereau,desc',
          headers: caller,
        });
        let pdfs = 0;
        for (const { idBordereau } of statements.json() as { idBordereau: number }[]) {
          const pdf = await ctx().app.inject({
            method: 'GET',
            url: `/api/commissions/download/${idBordereau}`,
            headers: caller,
          });
          if (pdf.statusCode !== 200) continue;
          expect(pdf.headers['content-type']).toBe('application/pdf');
          expect(pdf.headers['cache-control']).toBe('no-store');
          pdfs += 1;
        }
        expect(pdfs).toBeGreaterThan(0);
        for (const url of [
          '/api/police/export.csv',
          '/api/commissions/export.csv',
          '/api/police-assures/export.csv',
        ]) {
          const csv = await ctx().app.inject({ method: 'GET', url, headers: caller });
          expect(csv.statusCode, url).toBe(200);
          expect(csv.headers['content-type'], url).toContain('text/csv');
          expect(csv.headers['cache-control'], url).toBe('no-store');
        }
      });

      it('leaves the web app its caching: hashed assets for a year, index.html revalidated', async () => {
        const asset = await ctx().app.inject({ method: 'GET', url: '/assets/index-abc.js' });
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        for (const url of ['/', '/index.html']) {
          const index = await ctx().app.inject({ method: 'GET', url });
          expect(index.statusCode, url).toBe(200);
          expect(index.headers['cache-control'], url).toBe('no-cache');
        }
      });
    },
    { env: { WEB_DIST: fakeWebDist() } },
  );
});
