import { expect, it } from 'vitest';
import { countUsers, findUserByLogin } from '../src/accounts/users.ts';
import { verifyPassword } from '../src/auth/passwords.ts';
import { shouldSeedDemo } from '../src/seed/demo.ts';
import { DEMO_ACCOUNTS, demoAccountsTable, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { forEachDatabase, TEST_HASH_ROUNDS } from './helpers.ts';

forEachDatabase((_kind, getDb) => {
  it('loads an empty embedded database only, unless SEED_DEMO says otherwise', async () => {
    const db = getDb();
    expect(await countUsers(db)).toBe(0);
    expect(await shouldSeedDemo(db, { databaseUrl: undefined, seedDemo: undefined })).toBe(true);
    expect(await shouldSeedDemo(db, { databaseUrl: 'postgres://x/y', seedDemo: undefined })).toBe(false);
    expect(await shouldSeedDemo(db, { databaseUrl: 'postgres://x/y', seedDemo: true })).toBe(true);
    expect(await shouldSeedDemo(db, { databaseUrl: undefined, seedDemo: false })).toBe(false);
  });

  it("creates the demo accounts of docs/design.md §7 and the back office's, password = login", async () => {
    const db = getDb();
    const created = await seedDemoAccounts(db, TEST_HASH_ROUNDS);
    expect(created).toEqual([
      'admin',
      'courtier',
      'courtier2',
      'grossiste',
      'compta',
      'portefeuille',
      'gestion',
      'user',
    ]);
    const grossiste = await findUserByLogin(db, 'grossiste');
    expect(grossiste).toMatchObject({ activated: true, codeCourtier: 'G0001', marque: 'Tassur' });
    expect(grossiste!.authorities).toEqual([
      'ROLE_COMPTA',
      'ROLE_EXPORT',
      'ROLE_GROSSISTE',
      'ROLE_PORTEFEUILLE',
      'ROLE_USER',
    ]);
    const admin = await findUserByLogin(db, 'admin');
    expect(admin).toMatchObject({
      codeCourtier: null,
      marque: 'UCR',
      authorities: ['ROLE_ADMIN', 'ROLE_USER'],
    });
    expect(await findUserByLogin(db, 'user')).toMatchObject({ marque: null, authorities: ['ROLE_USER'] });
    expect(await verifyPassword('courtier2', (await findUserByLogin(db, 'courtier2'))!.passwordHash)).toBe(
      true,
    );
    expect(await shouldSeedDemo(db, { databaseUrl: undefined, seedDemo: undefined })).toBe(false);
  });

  it('is idempotent: a second run creates nothing and keeps the accounts as they are', async () => {
    const db = getDb();
    await db.query("UPDATE users SET first_name = 'Changed' WHERE login = 'courtier'");
    expect(await seedDemoAccounts(db, TEST_HASH_ROUNDS)).toEqual([]);
    expect(await countUsers(db)).toBe(DEMO_ACCOUNTS.length);
    expect((await findUserByLogin(db, 'courtier'))!.firstName).toBe('Changed');
  });

  it('recreates only a demo account that was deleted', async () => {
    const db = getDb();
    await db.query("DELETE FROM users WHERE login = 'compta'");
    expect(await seedDemoAccounts(db, TEST_HASH_ROUNDS)).toEqual(['compta']);
  });
});

it('prints every demo account in the table', () => {
  const table = demoAccountsTable();
  for (const account of DEMO_ACCOUNTS) expect(table).toContain(account.login);
  expect(table).toContain('G0001 (wholesaler of C0001 and C0003)');
});
