/**
 * The proof that a field is described once (docs/architecture.md, 'Adding a field'): a throw-away field added to a copy of the
 * policy descriptor (the one edit in core) and its column (the one migration) shows up in the
 * API (listed, filtered, sorted, searched, exported, written by the admin writes), its OpenAPI
 * schemas (the row and the writes' body), the web list's columns and filter panel, and the CLI's
 * table, with no other edit.
 */

import { listParams } from '@extranet/core/api/listParams.ts';
import { getPage } from '@extranet/core/api/paging.ts';
import { describe as describeResource } from '@extranet/core/descriptors/descriptor.ts';
import { text, withMeta } from '@extranet/core/descriptors/field.ts';
import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import { domainSchema } from '@extranet/core/descriptors/schema.ts';
import { listSpecOf } from '@extranet/core/lists/listSpecs.ts';
import { visibleColumns } from '@extranet/core/permissions/permissions.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describedColumns } from '../../../cli/src/lists/describedColumns.ts';
import { toListQuery } from '../../../cli/src/lists/listOptions.ts';
import { runList } from '../../../cli/src/lists/runList.ts';
import { fakeDeps } from '../../../cli/src/testing/fakeDeps.ts';
import { filterWidgets, gridColumns } from '../../../web/src/features/lists/described.ts';
import { enforceDeclaredAccess } from '../../src/auth/access.ts';
import { checkAccess, type Principal } from '../../src/auth/plugin.ts';
import { crudRoutes } from '../../src/entities/engine/crud.ts';
import { resourceOf } from '../../src/entities/engine/from-descriptor.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { contractPaths } from '../../src/openapi/contract-paths.ts';
import { as, get, type TestDb, targets } from './harness.ts';
import { seed } from './seed.ts';
import { variantEndpoints } from './variant-endpoints.ts';

// The one edit in core: the field, its label key, its place in the lists, the panel and the CLI.
const LAST = 1000;
const variant = describeResource({
  ...policeDescriptor,
  fields: {
    ...policeDescriptor.fields,
    essaiJetable: withMeta(text('Essai jetable', { searchable: true }), {
      list: { offer: LAST, show: LAST, filters: LAST, cli: LAST },
    }),
  },
});
const resource = resourceOf(variant);
const spec = listSpecOf('police', variant);

describe.each(targets.slice(0, 1))('a field added to a descriptor, on $name', (target) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await target.open();
    await seed(testDb.db);
    // The one migration.
    await testDb.db.query('alter table police add column essai_jetable text');
    await testDb.db.query(
      "update police set essai_jetable = case id_police when 1001 then 'alpha' when 1002 then 'beta' else null end",
    );
    // The policy routes as the app registers them, over the copied descriptor.
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    enforceDeclaredAccess(app);
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers['x-test-principal'];
      request.principal = typeof header === 'string' ? (JSON.parse(header) as Principal) : null;
      checkAccess(request);
    });
    crudRoutes(app, testDb.db, { endpoints: variantEndpoints(variant), resource });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const ids = async (query: string) =>
    ((await get(app, 'admin', `/api/police?${query}`)).json() as { idPolice: number }[]).map(
      (r) => r.idPolice,
    );

  it('is listed, filtered, sorted, searched and exported by the API', async () => {
    const response = await get(app, 'admin', '/api/police?idPolice.equals=1002');
    expect(response.json()).toEqual([expect.objectContaining({ idPolice: 1002, essaiJetable: 'beta' })]);
    expect(await ids('essaiJetable.equals=beta')).toEqual([1002]);
    expect(await ids('essaiJetable.in=alpha,beta&sort=essaiJetable,desc')).toEqual([1002, 1001]);
    expect(await ids('essaiJetable.in=alpha,beta&sort=essaiJetable,asc')).toEqual([1001, 1002]);
    expect(await ids('q=alph')).toEqual([1001]);
    const csv = await app.inject({
      method: 'GET',
      url: '/api/police/export.csv?essaiJetable.equals=beta',
      headers: as('courtier'),
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header?.split(';').at(-1)).toBe('Essai jetable');
    expect(row?.split(';').at(-1)).toBe('beta');
  });

  it('is written by the admin writes, with their alerts', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/police',
      headers: as('admin'),
      payload: { idPolice: 1900, codeCourtierPortail: 'C0001', essaiJetable: 'gamma' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-extranetapp-alert']).toBe('extranetApp.police.created');
    expect(created.json()).toMatchObject({ idPolice: 1900, essaiJetable: 'gamma' });
    const updated = await app.inject({
      method: 'PUT',
      url: '/api/police/1900',
      headers: as('admin'),
      payload: { codeCourtierPortail: 'C0001', essaiJetable: 'delta' },
    });
    expect(updated.json()).toMatchObject({ idPolice: 1900, essaiJetable: 'delta' });
    expect(await ids('essaiJetable.equals=delta')).toEqual([1900]);
  });

  it('is described in the OpenAPI schemas of the answers and of the writes', () => {
    const { schemas, paths } = contractPaths({ policies: variantEndpoints(variant) });
    const schema = schemas.Police as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties.essaiJetable).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    // A nullable field may be absent (a column the caller may not see).
    expect(schema.required).not.toContain('essaiJetable');
    const input = schemas.PoliceInput as { properties: Record<string, unknown>; required: string[] };
    expect(input.properties.essaiJetable).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(input.required).toEqual(['idPolice']);
    expect(paths['/api/police']).toMatchObject({
      post: {
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PoliceInput' } } },
        },
      },
    });
  });

  it("is a column of the web list, with its label and sort, and a filter of the list's panel", () => {
    const account = { authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'] } as const;
    expect(visibleColumns(account, spec.selectableColumns).at(-1)).toBe('essaiJetable');
    expect(gridColumns(variant, spec.defaultColumns).at(-1)).toEqual({
      field: 'essaiJetable',
      labelKey: 'fields.essaiJetable',
      sortable: true,
    });
    expect(filterWidgets(variant, spec.filterFields, account).at(-1)).toEqual({
      field: 'essaiJetable',
      labelKey: 'fields.essaiJetable',
      kind: 'text',
    });
  });

  it("is a column of the CLI's table, read from the API", async () => {
    const fake = fakeDeps({
      out: { format: 'table', width: 400 },
      routes: {
        'GET api/police': async (_request, url) => {
          const answer = await app.inject({
            method: 'GET',
            url: `/api/police${url.search}`,
            headers: as('admin'),
          });
          return new Response(answer.body, {
            status: answer.statusCode,
            headers: {
              'content-type': 'application/json',
              'x-total-count': String(answer.headers['x-total-count']),
            },
          });
        },
      },
    });
    fake.deps.t.addResources({ en: { translation: { fields: { essaiJetable: 'Throw-away' } } } });
    // The command line folded into a query by the list machine; its pages from core's client,
    // decoded with the variant's schema (the copied descriptor's, throw-away field included).
    const query = toListQuery({ filter: ['essaiJetable.equals=beta'] }, spec, fake.deps.t);
    const client = await fake.deps.api();
    const pages = {
      page: query.page,
      size: query.size,
      load: (page: number) =>
        client.call(
          getPage(domainSchema(variant), { path: 'api/police', query: listParams({ ...query, page }) }),
        ),
    };
    const code = await runList(fake.deps, {}, pages, {
      money: [],
      columns: describedColumns(variant, spec.cliColumns),
    });
    expect(code).toBe(0);
    const lines = fake.stdout().trimEnd().split('\n');
    expect(lines[0]).toMatch(/Throw-away\s*$/);
    expect(lines.filter((line) => /\bbeta\s*$/.test(line))).toHaveLength(1);
  });
});
