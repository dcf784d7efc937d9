/**
 * The answers conform to what the OpenAPI document declares for their route and status: real
 * requests to the running app (accounts, users, management, statements' recap lines, the admin
 * writes, problems with field errors), each body validated with an independent JSON Schema validator against the
 * schema the document gives it. The hand-written schemas list their required properties and
 * refuse others, so a property added to an answer without its declaration fails here.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';

type Json = Record<string, unknown>;

/** The operation's declared answer schema for `url` (path templates matched, literal paths first). */
function declared(doc: Json, method: string, url: string, status: number): Json {
  const path = url.split('?')[0]!;
  const candidates = Object.entries(doc.paths as Record<string, Json>)
    .filter(([template]) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path))
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const operation = candidates[0]?.[1][method.toLowerCase()] as Json | undefined;
  let response = (operation?.responses as Record<string, Json> | undefined)?.[String(status)];
  // A shared answer (#/components/responses/NotFound) is followed to its declaration.
  if (typeof response?.$ref === 'string') {
    response = response.$ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((node, key) => node?.[key] as Json | undefined, doc);
  }
  const content = response?.content as Record<string, { schema: Json }> | undefined;
  const schema = content?.['application/json']?.schema ?? content?.['application/problem+json']?.schema;
  if (!schema) throw new Error(`no schema declared for ${method} ${path} ${status}`);
  return schema;
}

forEachApp((_kind, ctx) => {
  let doc: Json;
  let validate: (schema: Json, body: unknown) => string | undefined;
  beforeAll(async () => {
    await seed(ctx().db);
    doc = (await ctx().app.inject({ method: 'GET', url: '/v3/api-docs' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    validate = (schema, body) => {
      // Local references (#/components/…) resolve against a root that carries the components.
      const check = ajv.compile({ ...schema, components: doc.components });
      return check(body) ? undefined : ajv.errorsText(check.errors);
    };
  });

  const CASES: readonly [
    login: string | null,
    method: string,
    url: string,
    status: number,
    payload?: Json,
  ][] = [
    ['admin', 'GET', '/api/account', 200],
    ['courtier', 'GET', '/api/account', 200],
    [null, 'GET', '/api/profile-info', 200],
    ['admin', 'GET', '/api/users?page=0&size=50', 200],
    ['admin', 'GET', '/api/users/courtier', 200],
    ['admin', 'GET', '/api/users/authorities', 200],
    ['admin', 'GET', '/management/health', 200],
    [null, 'GET', '/management/health', 200],
    [null, 'GET', '/management/health/liveness', 200],
    [null, 'GET', '/management/health/readiness', 200],
    ['admin', 'GET', '/management/logs', 200],
    ['admin', 'GET', '/management/audits?page=0&size=20', 200],
    ['admin', 'GET', '/management/dump', 200],
    ['courtier', 'GET', '/api/commissions/bordereau/2001', 200],
    ['courtier', 'GET', '/api/police?size=5', 200],
    // Without ROLE_COMPTA nor ROLE_COORD: the hidden columns are absent, as the row schema allows.
    ['portefeuille', 'GET', '/api/police?size=5', 200],
    ['courtier', 'GET', '/api/police/1001', 200],
    ['courtier', 'GET', '/api/police-assures?size=5', 200],
    ['courtier', 'GET', '/api/assures/1001', 200],
    ['courtier', 'GET', '/api/commissions?size=5', 200],
    ['courtier', 'GET', '/api/commission-mouvements?size=5', 200],
    ['courtier', 'GET', '/api/mouvements/2001?size=5', 200],
    ['courtier', 'GET', '/api/timelines?size=5', 200],
    ['courtier', 'GET', '/api/police?unknown.equals=1', 400],
    ['courtier', 'GET', '/api/police/99999999', 404],
    ['admin', 'GET', '/api/users/nobody-here', 404],
    ['admin', 'POST', '/api/users', 400, { login: 'x y', email: 'not-mail' }],
    ['courtier', 'GET', '/api/users', 403],
    [null, 'GET', '/api/account', 401],
    // The admin writes (last: they change rows the reads above answer).
    ['admin', 'POST', '/api/police', 201, { idPolice: 1500, codeCourtierPortail: 'C0001' }],
    ['admin', 'PUT', '/api/police/1500', 200, { codeCourtierPortail: 'C0001', nomprenom: 'NOUVEAU' }],
    ['admin', 'POST', '/api/police', 400, { idPolice: 1501, dateEffet: '2024-13-01' }],
  ];

  for (const [login, method, url, status, payload] of CASES) {
    it(`${login ?? 'anyone'} ${method} ${url}: ${status} as declared`, async () => {
      const options: InjectOptions = {
        method: method as InjectOptions['method'],
        url,
        headers: login === null ? {} : await ctx().auth(login),
        ...(payload === undefined ? {} : { payload }),
      };
      const response = await ctx().app.inject(options);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json();
      if (Array.isArray(body)) expect(body.length, 'an empty list proves nothing').toBeGreaterThan(0);
      if (process.env.DUMP)
        console.log(
          url,
          status,
          JSON.stringify(Array.isArray(body) ? body.slice(0, 2) : body).slice(0, 1500),
        );
      expect(validate(declared(doc, method, url, status), body)).toBeUndefined();
    });
  }

  it('refuses an answer with a property the document does not declare', () => {
    const user = {
      id: 1,
      login: 'x',
      email: 'x@example.com',
      activated: true,
      authorities: [],
      createdBy: 'system',
      createdDate: '2026-01-01T00:00:00Z',
      unexpected: 1,
    };
    expect(validate(declared(doc, 'GET', '/api/users/x', 200), user)).toMatch(/additional properties/);
  });

  it('the audit event found in the list answers alone as declared', async () => {
    const headers = await ctx().auth('admin');
    const [first] = (
      await ctx().app.inject({ method: 'GET', url: '/management/audits?size=1', headers })
    ).json() as { id: number }[];
    const one = await ctx().app.inject({ method: 'GET', url: `/management/audits/${first!.id}`, headers });
    expect(one.statusCode).toBe(200);
    expect(
      validate(declared(doc, 'GET', `/management/audits/${first!.id}`, 200), one.json()),
    ).toBeUndefined();
  });
});
