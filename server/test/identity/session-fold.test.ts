/**
 * A list's session check rides in the list's own statement (server/src/auth/session-fold.ts): one
 * round trip per list once the session was checked on its own, and never an answer on a caller
 * the database no longer confirms — an ended session, a deactivated user, a changed password, a
 * new broker code or other roles are seen by the very next list.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/types.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seed } from '../entities/seed.ts';
import { forEachDatabase, TEST_HASH_ROUNDS, testConfig } from '../helpers.ts';

forEachDatabase((_kind, getDb) => {
  let app: FastifyInstance;
  let db: Db;
  /** The statements the app sent, in order. */
  const sent: string[] = [];

  beforeAll(async () => {
    db = getDb();
    await seedDemoAccounts(db, TEST_HASH_ROUNDS);
    await seed(db);
    const counted: Db = {
      ...db,
      query: (sql, params) => {
        sent.push(sql);
        return db.query(sql, params);
      },
    };
    app = await buildApp({ config: testConfig(), db: counted, logger: false, hashRounds: TEST_HASH_ROUNDS });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = async (login: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: login, password: login },
    });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${(response.json() as { id_token: string }).id_token}` };
  };
  /** A list call, with the statements it sent that read sessions or policies. */
  const list = async (headers: { authorization: string }, url = '/api/police?sort=idPolice,asc') => {
    const before = sent.length;
    const response = await app.inject({ method: 'GET', url, headers });
    const statements = sent.slice(before).filter((sql) => /user_sessions|\bpolice\b/.test(sql));
    const ids =
      response.statusCode === 200 ? (response.json() as { idPolice: number }[]).map((p) => p.idPolice) : [];
    return { status: response.statusCode, total: response.headers['x-total-count'], ids, statements };
  };
  const userId = async (login: string) =>
    Number((await db.query('select id from users where login = $1', [login]))[0]!.id);

  it('checks a session on its own once, then inside each list statement, with the same answer', async () => {
    const auth = await signIn('courtier');
    const first = await list(auth);
    const second = await list(auth);
    expect(first.status).toBe(200);
    expect(first.ids).toEqual([1001, 1002, 1003]);
    expect(second).toMatchObject({ status: 200, ids: first.ids, total: first.total });
    // The first: the session check, then the list. The next ones: one statement carrying both.
    expect(first.statements).toHaveLength(2);
    expect(second.statements).toHaveLength(1);
    expect(second.statements[0]).toMatch(/session_check/);
  });

  it('answers 401 to the next list once the session has ended', async () => {
    const auth = await signIn('courtier');
    expect((await list(auth)).status).toBe(200);
    await db.query('delete from user_sessions where user_id = $1', [await userId('courtier')]);
    const after = await list(auth);
    expect(after.status).toBe(401);
    expect(after.ids).toEqual([]);
    // A refused filter says 401 too, not the filter's 400: the caller is checked first.
    expect((await list(auth, '/api/police?statut.in=Nope&sort=nowhere,asc')).status).toBe(401);
  });

  it('answers 401 once the user is deactivated or their password changed', async () => {
    const deactivated = await signIn('courtier2');
    expect((await list(deactivated)).status).toBe(200);
    await db.query('update users set activated = false where login = $1', ['courtier2']);
    expect((await list(deactivated)).status).toBe(401);

    const changed = await signIn('compta');
    expect((await list(changed, '/api/commissions')).status).toBe(200);
    await db.query('update users set token_version = token_version + 1 where login = $1', ['compta']);
    expect((await list(changed, '/api/commissions')).status).toBe(401);
  });

  it('lists under the broker code and roles the user has now, never the remembered ones', async () => {
    const auth = await signIn('portefeuille');
    expect((await list(auth)).ids).toEqual([1001, 1002, 1003]);
    // Another broker's code: the next list is that broker's.
    await db.query('update users set code_courtier = $2 where login = $1', ['portefeuille', 'C0002']);
    const moved = await list(auth);
    expect(moved).toMatchObject({ status: 200, ids: [1004], total: '1' });
    // Administrators see every row.
    const id = await userId('portefeuille');
    await db.query(`insert into user_authority (user_id, authority_name) values ($1, 'ROLE_ADMIN')`, [id]);
    expect((await list(auth)).ids).toEqual([1001, 1002, 1003, 1004, 1005]);
    // Without a role that opens the policies: 403.
    await db.query('delete from user_authority where user_id = $1', [id]);
    expect((await list(auth)).status).toBe(403);
  });

  it('answers 401 once the session expired or a role of the user comes to require a second factor', async () => {
    const expired = await signIn('courtier');
    expect((await list(expired)).status).toBe(200);
    await db.query(`update user_sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      await userId('courtier'),
    ]);
    expect((await list(expired)).status).toBe(401);

    const lacking = await signIn('grossiste');
    expect((await list(lacking)).status).toBe(200);
    await db.query(`insert into two_factor_required_roles values ('ROLE_GROSSISTE')`);
    try {
      expect((await list(lacking)).status).toBe(401);
    } finally {
      await db.query('delete from two_factor_required_roles');
    }
    expect((await list(lacking)).status).toBe(200);
  });

  it('checks the session on its own again when any field of the principal changed (here the e-mail)', async () => {
    const auth = await signIn('courtier');
    expect((await list(auth)).status).toBe(200);
    expect((await list(auth)).statements).toHaveLength(1);
    await db.query('update users set email = $2 where login = $1', [
      'courtier',
      'autre@demo.extranet.example',
    ]);
    // The folded statement, thrown away; the session check on its own; the list again.
    const changed = await list(auth);
    expect(changed).toMatchObject({ status: 200, ids: [1001, 1002, 1003] });
    expect(changed.statements).toHaveLength(3);
    expect((await list(auth)).statements).toHaveLength(1);
  });
});
