/**
 * Write side of the entities: hostile values (fast-check) in every body field and
 * path parameter of the admin writes (POST, PUT, DELETE of policies, insured persons,
 * statements and movements). An answer is below 500; a refused write changes nothing; an
 * accepted one stores text literally (what was sent is what comes back). Non-admin callers are
 * refused with 403 whatever the body, and change nothing.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissionResource } from '../../src/entities/commissions/resource.ts';
import type { ResourceDef } from '../../src/entities/engine/fields.ts';
import { mouvementResource } from '../../src/entities/mouvements/resource.ts';
import { policeResource } from '../../src/entities/police/resource.ts';
import { policeAssureResource } from '../../src/entities/police-assures/resource.ts';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';
import { enc, expectSafe, hostileJson, hostileText, RUNS } from './hostile.ts';
import { snapshot } from './snapshot.ts';

interface Target {
  readonly path: string;
  readonly resource: ResourceDef;
  /** A body the API accepts, given a fresh number for the keys. */
  readonly base: (n: number) => Record<string, unknown>;
  /** An existing row's key for PUT. */
  readonly existing: string;
}

const broker = {
  courtier: 'Cabinet C0001',
  codeCourtierPortail: 'C0001',
  codeCourtierGrossistePortail: 'G0001',
};

const TARGETS: readonly Target[] = [
  {
    path: '/api/police',
    resource: policeResource,
    base: (n) => ({ ...broker, idPolice: n, police: `POL-${n}`, nomprenom: 'TEST Fuzz' }),
    existing: '1005',
  },
  {
    path: '/api/police-assures',
    resource: policeAssureResource,
    base: (n) => ({ ...broker, idAssure: n, idPolice: 1001, police: 'POL-1001', rang: 9 }),
    existing: '3002',
  },
  {
    path: '/api/commissions',
    resource: commissionResource,
    base: (n) => ({
      ...broker,
      idBordereau: n,
      mois: '2024-06-01',
      typeBordereau: 'Définitif',
      montant: '1.00',
    }),
    existing: '2002',
  },
  {
    path: '/api/commission-mouvements',
    resource: mouvementResource,
    base: () => ({ ...broker, idBordereau: 2001, idPolice: 1001, police: 'POL-1001', montant: '1.00' }),
    existing: '1',
  },
];

let next = 900_000;

describe('hostile bodies and keys on the admin writes', () => {
  forEachApp((kind, ctx) => {
    const headers: Record<string, { authorization: string }> = {};
    beforeAll(async () => {
      await seed(ctx().db);
      for (const caller of ['admin', 'courtier', 'grossiste']) headers[caller] = await ctx().auth(caller);
    });
    const send = (caller: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      ctx().app.inject({
        method,
        url,
        headers: {
          ...headers[caller],
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });

    for (const target of TARGETS) {
      const fieldNames = target.resource.fields.map((f) => f.name);
      // A masked field (the NIR) answers in its masked form, never as sent: its echo is not compared.
      const textFields = new Set(
        target.resource.fields.filter((f) => f.type === 'text' && f.masked === undefined).map((f) => f.name),
      );

      it(`POST and PUT ${target.path}: one hostile field at a time`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('POST', 'PUT', 'PUT-path'),
            fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...fieldNames) }, hostileText),
            hostileJson,
            async (how, field, value) => {
              const n = next++;
              const body =
                how === 'POST'
                  ? target.base(n)
                  : { ...target.base(n), [target.resource.key]: target.existing };
              if (how === 'PUT-path') delete body[target.resource.key];
              body[field] = value;
              const url = how === 'PUT-path' ? `${target.path}/${target.existing}` : target.path;
              const method = how === 'POST' ? 'POST' : 'PUT';
              const before = await snapshot(ctx().db);
              const response = await send('admin', method, url, body);
              const label = `${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 120)}`;
              expectSafe(label, response);
              if (response.statusCode >= 400) {
                expect(await snapshot(ctx().db), label).toEqual(before);
                return;
              }
              const stored = response.json() as Record<string, unknown>;
              if (textFields.has(field) && typeof value === 'string' && field in stored) {
                // Lone surrogates cannot travel as UTF-8 (they become U+FFFD), and PGlite's text
                // decoder drops a leading byte-order mark: both are encoding facts, not injection.
                const sent =
                  kind === 'pglite' ? value.toWellFormed().replace(/^\uFEFF/, '') : value.toWellFormed();
                expect(stored[field], label).toBe(sent);
              }
              if (how === 'POST') {
                const key = encodeURIComponent(String(stored[target.resource.key]));
                expect((await send('admin', 'DELETE', `${target.path}/${key}`)).statusCode, label).toBe(200);
              }
            },
          ),
          { numRuns: RUNS },
        );
      });

      it(`DELETE and PUT ${target.path}/{key}: hostile keys are a 4xx and delete nothing`, async () => {
        const before = await snapshot(ctx().db);
        await fc.assert(
          fc.asyncProperty(fc.constantFrom('DELETE', 'PUT'), hostileText, async (method, key) => {
            fc.pre(!/^\s*\+?0*\d{1,6}\s*$/.test(key)); // a plain small number may be a real row
            const url = `${target.path}/${enc(key)}`;
            const response = await send(
              'admin',
              method as 'DELETE' | 'PUT',
              url,
              method === 'PUT' ? target.base(1) : undefined,
            );
            expectSafe(`${method} ${url.slice(0, 150)}`, response);
            expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
          }),
          { numRuns: Math.ceil(RUNS / 2) },
        );
        expect(await snapshot(ctx().db)).toEqual(before);
      });

      it(`${target.path}: non-admin callers get 403 for any write and change nothing`, async () => {
        const before = await snapshot(ctx().db);
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('courtier', 'grossiste'),
            fc.constantFrom('POST', 'PUT', 'DELETE'),
            fc.dictionary(fc.constantFrom(...fieldNames), hostileJson, { maxKeys: 4 }),
            async (caller, method, extra) => {
              const url = method === 'DELETE' ? `${target.path}/${target.existing}` : target.path;
              const body = method === 'DELETE' ? undefined : { ...target.base(next++), ...extra };
              const response = await send(caller, method as 'POST', url, body);
              expect(response.statusCode, `${caller} ${method} ${url}`).toBe(403);
            },
          ),
          { numRuns: Math.ceil(RUNS / 3) },
        );
        expect(await snapshot(ctx().db)).toEqual(before);
      });
    }

    it('a required column left empty or a number too big for its column is a 400 naming the field', async () => {
      const before = await snapshot(ctx().db);
      const cases: [string, Record<string, unknown>, string][] = [
        ['/api/police-assures', { idAssure: next++, idPolice: null }, 'idPolice'],
        ['/api/commission-mouvements', { idBordereau: null, montant: '1.00' }, 'idBordereau'],
        ['/api/police', { idPolice: next++, ageAdherent: 99_999_999_999 }, 'ageAdherent'],
        ['/api/commissions', { idBordereau: next++, nb: '-99999999999' }, 'nb'],
      ];
      for (const [path, body, field] of cases) {
        const response = await send('admin', 'POST', path, body);
        expect(response.statusCode, `${path} ${response.body}`).toBe(400);
        expect(response.json().fieldErrors[0].field, path).toBe(field);
      }
      expect(await snapshot(ctx().db)).toEqual(before);
    });

    it('malformed JSON text and non-object bodies are a 400 and change nothing', async () => {
      const before = await snapshot(ctx().db);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...TARGETS.map((t) => t.path)),
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.constantFrom(
              '{',
              '{"idPolice": 1e400}',
              '{"idPolice": NaN}',
              '[]',
              'null',
              '"x"',
              '{"a":1,"a":2',
              '{"__proto__":{"x":1}}',
            ),
          ),
          async (path, text) => {
            const response = await ctx().app.inject({
              method: 'POST',
              url: path,
              headers: { ...headers.admin, 'content-type': 'application/json' },
              payload: text,
            });
            expectSafe(`POST ${path} ${text.slice(0, 80)}`, response);
          },
        ),
        { numRuns: RUNS },
      );
      expect(await snapshot(ctx().db)).toEqual(before);
    });
  });
});
