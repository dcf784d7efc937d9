/**
 * Core's descriptors against the database and the API: every described field is a column of the
 * migrated table with a type that holds its values; a field added to a descriptor (and its
 * column, as a migration would) is listed, filtered, sorted, searched and documented with no
 * other edit; and real answers decode with core's domain schemas, no property more or less.
 */

import { spawnSync } from 'node:child_process';
import { type Descriptor, describe, fieldsOf } from '@extranet/core/descriptors/descriptor.ts';
import type { WireType } from '@extranet/core/descriptors/field.ts';
import { text } from '@extranet/core/descriptors/field.ts';
import { DESCRIPTORS } from '@extranet/core/descriptors/index.ts';
import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import { domainSchema } from '@extranet/core/descriptors/schema.ts';
import { Schema } from 'effect';
import { expect, it, describe as suite } from 'vitest';
import type { Caller } from '../../src/entities/engine/caller.ts';
import { visibleFields } from '../../src/entities/engine/columns.ts';
import { columnOf } from '../../src/entities/engine/fields.ts';
import { resourceOf } from '../../src/entities/engine/from-descriptor.ts';
import { jsonColumns, toJson } from '../../src/entities/engine/json.ts';
import { selectionOf } from '../../src/entities/engine/list.ts';
import { parseListQuery } from '../../src/entities/engine/parse.ts';
import { selectRows } from '../../src/entities/engine/query.ts';
import { contractPaths } from '../../src/openapi/contract-paths.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import { forEachDatabase } from '../helpers.ts';
import { get, targets } from './harness.ts';
import { seed } from './seed.ts';
import { seededApp } from './seeded.ts';
import { variantEndpoints } from './variant-endpoints.ts';

/** The SQL types (information_schema `data_type`) that hold each wire type's values. */
const SQL_TYPES: Record<WireType, readonly string[]> = {
  text: ['text', 'character varying'],
  enum: ['text', 'character varying'],
  id: ['bigint', 'integer'],
  integer: ['integer', 'smallint'],
  money: ['numeric'],
  rate: ['numeric'],
  date: ['date'],
  timestamp: ['timestamp with time zone'],
};

const ADMIN: Caller = {
  authorities: ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_PORTEFEUILLE'],
  codeCourtier: null,
};

forEachDatabase((_kind, getDb) => {
  it('finds every described field in its migrated table, with a type that holds it', async () => {
    const problems: string[] = [];
    for (const descriptor of Object.values(DESCRIPTORS) as Descriptor[]) {
      const rows = await getDb().query<{ column_name: string; data_type: string; is_nullable: string }>(
        'select column_name, data_type, is_nullable from information_schema.columns where table_name = $1',
        [descriptor.table],
      );
      const columns = new Map(rows.map((row) => [row.column_name, row]));
      for (const [name, field] of Object.entries(descriptor.fields)) {
        const column = columns.get(columnOf(name));
        const where = `${descriptor.table}.${columnOf(name)} (${name})`;
        if (!column) problems.push(`${where}: no such column`);
        else if (!SQL_TYPES[field.meta.wire].includes(column.data_type))
          problems.push(`${where}: ${column.data_type} cannot hold a ${field.meta.wire}`);
        else if (!field.nullable && column.is_nullable === 'YES')
          problems.push(`${where}: nullable column for a field clients read as always present`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists, filters, sorts, searches and documents a field added to a descriptor, with no other edit', async () => {
    const db = getDb();
    await seed(db);
    // The migration a developer would write.
    await db.query('alter table police add column essai_jetable text');
    await db.query(
      "update police set essai_jetable = case id_police when 1001 then 'alpha' when 1002 then 'beta' else null end",
    );
    // The one edit in core.
    const variant = describe({
      ...policeDescriptor,
      fields: { ...policeDescriptor.fields, essaiJetable: text('Essai jetable', { searchable: true }) },
    });
    const resource = resourceOf(variant);
    const list = async (query: Record<string, string>) => {
      const parsed = parseListQuery(resource, ADMIN, query, { view: 'list' });
      const fields = visibleFields(resource, ADMIN, 'list');
      const statement = selectRows(resource, ADMIN, selectionOf(resource, ADMIN, parsed), {
        columns: jsonColumns(fields),
        sorts: parsed.sorts,
      });
      const rows = await db.query<Record<string, unknown>>(statement.sql, statement.params);
      return rows.map((row) => toJson(fields, row));
    };

    expect((await list({ 'essaiJetable.equals': 'beta' })).map((row) => row.idPolice)).toEqual([1002]);
    expect(
      (await list({ 'essaiJetable.in': 'alpha,beta', sort: 'essaiJetable,desc' })).map((r) => r.essaiJetable),
    ).toEqual(['beta', 'alpha']);
    expect((await list({ q: 'alph' })).map((row) => row.idPolice)).toEqual([1001]);
    expect(resource.fields.find((field) => field.name === 'essaiJetable')).toMatchObject({
      column: 'essai_jetable',
      label: 'Essai jetable',
    });

    const schema = contractPaths({ policies: variantEndpoints(variant) }).schemas.Police as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(schema.properties.essaiJetable).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    // A nullable field may be absent (a column the caller may not see).
    expect(schema.required).not.toContain('essaiJetable');
    // Its rows decode with the derived domain schema, the new field included and nothing unknown.
    const decoded = (await list({})).map((row) =>
      Schema.decodeUnknownSync(domainSchema(variant))(row, { onExcessProperty: 'error' }),
    );
    expect(decoded.find((row) => row.idPolice === 1001)?.essaiJetable).toBe('alpha');
  });
});

const ENDPOINTS = [
  ['police', '/api/police', 'Police'],
  ['assures', '/api/police-assures', 'PoliceAssure'],
  ['commission', '/api/commissions', 'Commission'],
  ['mouvements', '/api/commission-mouvements', 'CommissionMouvement'],
  ['timeline', '/api/timelines', 'TimelineEvent'],
] as const;

/** A caller of each list who lacks ROLE_COORD (and, for the portfolio, ROLE_COMPTA). */
const LIMITED = {
  police: 'portefeuille',
  assures: 'portefeuille',
  commission: 'compta',
  mouvements: 'compta',
  timeline: 'user',
} as const;

suite.each(targets)('answers on $name', (target) => {
  const seeded = seededApp(target);

  it("carry exactly the fields of core's domain schemas and of the OpenAPI schemas", async () => {
    const schemas = (openApiDocument().components as { schemas: unknown }).schemas as Record<
      string,
      { properties: object; required: string[]; additionalProperties: boolean }
    >;
    for (const [id, url, name] of ENDPOINTS) {
      // A broker with every column scope sees every field.
      const response = await get(seeded.app, 'courtier', url);
      expect(response.statusCode, url).toBe(200);
      const rows = response.json() as Record<string, unknown>[];
      expect(rows.length, url).toBeGreaterThan(0);
      const schema = domainSchema(DESCRIPTORS[id] as Descriptor);
      for (const row of rows) Schema.decodeUnknownSync(schema)(row, { onExcessProperty: 'error' });
      const documented = schemas[name]!;
      expect(documented.additionalProperties).toBe(false);
      expect(Object.keys(rows[0]!).sort(), url).toEqual(Object.keys(documented.properties).sort());
      expect(
        fieldsOf(DESCRIPTORS[id] as Descriptor)
          .map((field) => field.name)
          .sort(),
        url,
      ).toEqual(Object.keys(documented.properties).sort());
      // A caller lacking a column scope still gets every required field.
      const limited = await get(seeded.app, LIMITED[id], url);
      expect(limited.statusCode, `${LIMITED[id]} ${url}`).toBe(200);
      const limitedRows = limited.json() as Record<string, unknown>[];
      expect(limitedRows.length, `${LIMITED[id]} ${url}`).toBeGreaterThan(0);
      for (const row of limitedRows) {
        for (const field of documented.required) expect(row, `${url} ${field}`).toHaveProperty(field);
      }
    }
  });
});

it("keeps core's list specs, derived from the descriptors, free of Effect (the CLI loads them at start)", () => {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(spec, ctx, next) { const r = next(spec, ctx); seen.push(r.url); return r; } });
    const { LIST_SPECS } = await import(${JSON.stringify(import.meta.resolve('@extranet/core/lists/listSpecs.ts'))});
    if (!LIST_SPECS.police.selectableColumns.includes('tauxCommissionAnnee1')) throw new Error('no list spec');
    console.log(JSON.stringify(seen.filter((url) => /node_modules\\/(effect|@effect)\\//.test(url))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual([]);
});
