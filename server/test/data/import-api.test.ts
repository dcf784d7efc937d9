/** `POST /api/admin/import`: the back-office import over HTTP, on both databases. */
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { forEachApp } from '../helpers.ts';
import { multipart, type Part } from '../messages/fixtures.ts';

const policy = (id: number) => ({
  idPolice: id,
  codeCourtierPortail: 'C0001',
  codeCourtierGrossistePortail: 'G0001',
  police: `T${id}`,
});
const jsonFile = (filename: string, rows: readonly object[]): Part => ({
  name: 'file',
  filename,
  // One record a line (the first on line 2), so problems name a line.
  content: Buffer.from(`[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]`),
});
const kind = (value: string): Part => ({ name: 'kind', value });

const policies = async (db: Db) =>
  (await db.query<{ id_police: number }>('select id_police from police order by id_police')).map((r) =>
    Number(r.id_police),
  );

forEachApp((_kind, ctx) => {
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = await ctx().auth('admin');
  });

  const post = (parts: readonly Part[], auth: Record<string, string> = admin) => {
    const body = multipart(parts);
    return ctx().app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('imports one file and answers its report; the same file again changes nothing', async () => {
    const parts = [kind('police'), jsonFile('police.json', [policy(8_000_001)])];
    const first = await post(parts);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      kind: 'police',
      file: 'police.json',
      rows: 1,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      events: 1,
    });
    expect(await policies(ctx().db)).toContain(8_000_001);
    const again = await post(parts);
    expect(again.json()).toMatchObject({ rows: 1, inserted: 0, unchanged: 1, events: 0 });
  });

  it('several files answer a report each, in order', async () => {
    const response = await post([
      kind('police'),
      jsonFile('a.json', [policy(8_000_002)]),
      jsonFile('b.json', [policy(8_000_003), policy(8_000_004)]),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (response.json() as { file: string; inserted: number }[]).map((r) => [r.file, r.inserted]),
    ).toEqual([
      ['a.json', 1],
      ['b.json', 2],
    ]);
  });

  it('a bad file: 400 with line, field and reason, and nothing of it written', async () => {
    const before = await policies(ctx().db);
    const response = await post([
      kind('police'),
      jsonFile('bad.json', [policy(8_000_005), { ...policy(8_000_006), idPolice: 'abc' }]),
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = response.json() as { type: string; detail: string; params: Record<string, unknown> };
    expect(body.type).toBe('http://www.jhipster.tech/problem/import-rejected');
    expect(body.detail).toContain('line 3, field idPolice');
    expect(body.params).toMatchObject({
      file: 'bad.json',
      problems: [{ line: 3, field: 'idPolice' }],
      imported: [],
    });
    expect(await policies(ctx().db)).toEqual(before);
  });

  it('refuses a bad kind, no file, a wrong field and an oversized file, before writing', async () => {
    const before = await policies(ctx().db);
    expect((await post([kind('nope'), jsonFile('p.json', [policy(8_000_007)])])).statusCode).toBe(400);
    expect((await post([kind('police')])).statusCode).toBe(400);
    expect((await post([jsonFile('p.json', [policy(8_000_007)])])).statusCode).toBe(400);
    const wrongField = await post([
      kind('police'),
      { ...jsonFile('p.json', [policy(8_000_007)]), name: 'files' },
    ]);
    expect(wrongField.statusCode).toBe(400);
    const big = await post([
      kind('police'),
      { name: 'file', filename: 'big.json', content: Buffer.alloc(20 * 1024 * 1024 + 1, 0x20) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ detail: 'big.json exceeds 20 MB' });
    expect(await policies(ctx().db)).toEqual(before);
  });

  it('is for ROLE_ADMIN only', async () => {
    const parts = [kind('police'), jsonFile('p.json', [policy(8_000_008)])];
    expect((await post(parts, await ctx().auth('portefeuille'))).statusCode).toBe(403);
    expect((await post(parts, {})).statusCode).toBe(401);
    expect(await policies(ctx().db)).not.toContain(8_000_008);
  });
});
