/**
 * The pool's prepared statements (db/postgres.ts): a statement with parameters is prepared once
 * per connection and answers as before; a prepared `select *` whose table gained a column is run
 * again unprepared; statements without parameters (several at once) are never prepared; a
 * connection holds at most 200 of them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type PostgresDb } from '../src/db/postgres.ts';
import { openTestDb, type TestDb } from './helpers.ts';

describe.skipIf(!inject('postgresAdminUrl'))('prepared statements on PostgreSQL', () => {
  let test: TestDb;
  let db: PostgresDb;
  beforeAll(async () => {
    test = await openTestDb('postgres');
    // One connection, so every statement lands on the connection whose prepared ones are counted.
    db = openPostgres(test.url!, 1);
    await db.exec('create table t (id int primary key, a text); insert into t values (1, $$x$$), (2, $$y$$)');
  });
  afterAll(async () => {
    await db.close();
    await test.dispose();
  });
  const prepared = async () =>
    (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).map(
      (r) => r.statement,
    );

  it("names its connections 'extranet' in pg_stat_activity (PGAPPNAME unset)", async () => {
    expect(process.env.PGAPPNAME).toBeUndefined();
    expect(
      await db.query('select application_name from pg_stat_activity where pid = pg_backend_pid()'),
    ).toEqual([{ application_name: 'extranet' }]);
  });

  it('prepares a statement with parameters once and answers as unprepared', async () => {
    for (const id of [1, 2, 1]) {
      expect(await db.query('select id, a from t where id = $1', [id])).toEqual([
        { id, a: id === 1 ? 'x' : 'y' },
      ]);
    }
    expect((await prepared()).filter((s) => s === 'select id, a from t where id = $1')).toHaveLength(1);
  });

  it('runs a prepared select * again unprepared once its table has a new column', async () => {
    expect(await db.query('select * from t where id = $1', [1])).toEqual([{ id: 1, a: 'x' }]);
    await db.exec("alter table t add column b text default 'z'");
    expect(await db.query('select * from t where id = $1', [1])).toEqual([{ id: 1, a: 'x', b: 'z' }]);
  });

  it('leaves statements without parameters unprepared (several in one text still run)', async () => {
    await db.query('update t set a = a; update t set a = a');
    expect((await prepared()).some((s) => s.startsWith('update t'))).toBe(false);
  });

  it('prepares at most 200 statements on a connection', async () => {
    for (let i = 0; i < 230; i++)
      expect(await db.query(`select $1::int + ${i} as n`, [1])).toEqual([{ n: 1 + i }]);
    // Two names went to the statements above: the 198 first texts of the loop get the rest.
    const now = await prepared();
    expect(now.length).toBeLessThanOrEqual(200);
    expect(now).toContain('select $1::int + 197 as n');
    expect(now).not.toContain('select $1::int + 198 as n');
  });
});
