import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { camelCase, camelRow, snakeCase } from '../src/db/rows.ts';
import { forEachDatabase } from './helpers.ts';

describe('row names', () => {
  it('maps snake_case columns to camelCase keys and back', () => {
    expect(camelCase('code_courtier')).toBe('codeCourtier');
    expect(camelCase('tel_1')).toBe('tel1');
    expect(camelRow({ last_modified_by: 'x', id: 1 })).toEqual({ lastModifiedBy: 'x', id: 1 });
    expect(snakeCase('codeCourtierGrossistePortail')).toBe('code_courtier_grossiste_portail');
    expect(snakeCase('montantCommissionAnnee1')).toBe('montant_commission_annee1');
  });
});

describe('migration files', () => {
  it('are numbered, unique and in order', () => {
    const migrations = readMigrations();
    expect(migrations[0]?.name).toBe('0001_accounts.sql');
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('refuses a badly named file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, 'accounts.sql'), 'SELECT 1');
    expect(() => readMigrations(dir)).toThrow(/0001_name\.sql/);
  });
});

forEachDatabase((kind, getDb) => {
  it('has applied every migration once and re-running applies nothing', async () => {
    const db = getDb();
    const recorded = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(recorded.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.skipped.length).toBe(readMigrations().length);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM schema_migrations');
    expect(count?.n).toBe(readMigrations().length);
  });

  it('seeds the eight roles', async () => {
    const rows = await getDb().query<{ name: string }>('SELECT name FROM authorities ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([
      'ROLE_ADMIN',
      'ROLE_COMPTA',
      'ROLE_COORD',
      'ROLE_EXPORT',
      'ROLE_GESTION',
      'ROLE_GROSSISTE',
      'ROLE_PORTEFEUILLE',
      'ROLE_SUPER_ADMIN',
      'ROLE_USER',
    ]);
  });

  it('rolls back a failed migration entirely', async () => {
    const db = getDb();
    const bad = {
      version: 9999,
      name: '9999_bad.sql',
      checksum: 'x',
      sql: 'CREATE TABLE half_done (id int); SELECT nonsense FROM nowhere;',
    };
    await expect(migrate(db, [bad])).rejects.toThrow(/9999_bad\.sql/);
    const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toEqual([]);
    const recorded = await db.query('SELECT 1 FROM schema_migrations WHERE version = 9999');
    expect(recorded).toEqual([]);
  });

  it('reports an applied migration whose text changed', async () => {
    const db = getDb();
    const [first] = readMigrations();
    const report = await migrate(db, [{ ...first!, checksum: 'edited' }]);
    expect(report.changed).toEqual([first!.name]);
  });

  it(`gives the same JavaScript values on ${kind}: int8 numbers, numeric strings, plain dates`, async () => {
    const [row] = await getDb().query(
      "SELECT 42::int8 AS big, 12.50::numeric AS money, '2024-02-29'::date AS day, now() AS at, '{\"a\":1}'::jsonb AS doc, ARRAY[1,2]::int8[] AS ids",
    );
    expect(row).toMatchObject({ big: 42, money: '12.50', day: '2024-02-29', doc: { a: 1 }, ids: [1, 2] });
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = getDb();
    await db.exec('CREATE TABLE tx_probe (v int)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1)', [2]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT v FROM tx_probe ORDER BY v')).toEqual([{ v: 1 }]);
  });

  it('streams a query in batches and lets other queries run between them', async () => {
    const db = getDb();
    const batches: number[] = [];
    let sum = 0;
    for await (const batch of db.stream<{ n: number }>(
      'SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n',
      [2500],
      1000,
    )) {
      batches.push(batch.length);
      for (const row of batch) sum += row.n;
      const [other] = await db.query<{ ok: number }>('SELECT 1 AS ok');
      expect(other?.ok).toBe(1);
    }
    expect(batches).toEqual([1000, 1000, 500]);
    expect(sum).toBe((2500 * 2501) / 2);
  });

  it('releases the cursor when the reader stops early', async () => {
    const db = getDb();
    for await (const batch of db.stream('SELECT n FROM generate_series(1, 100) AS n', [], 10)) {
      expect(batch.length).toBe(10);
      break;
    }
    // The connection is usable afterwards, and again for a second stream.
    let rows = 0;
    for await (const batch of db.stream('SELECT n FROM generate_series(1, 30) AS n', [], 10))
      rows += batch.length;
    expect(rows).toBe(30);
  });
});
