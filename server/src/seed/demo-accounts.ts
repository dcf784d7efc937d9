/**
 * The demo accounts of docs/design.md §7: each one's password is its login.
 */

import { findUserByLogin, insertUser } from '../accounts/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/types.ts';

export interface DemoAccount {
  readonly login: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Roles besides ROLE_USER. */
  readonly roles: readonly string[];
  readonly codeCourtier: string | null;
  readonly marque: string | null;
  readonly note?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'admin',
    firstName: 'Administrator',
    lastName: 'Extranet',
    roles: ['ROLE_ADMIN'],
    codeCourtier: null,
    marque: 'UCR',
  },
  {
    login: 'courtier',
    firstName: 'Claire',
    lastName: 'Courtier',
    roles: ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'],
    codeCourtier: 'C0001',
    marque: 'UCR',
  },
  {
    login: 'courtier2',
    firstName: 'Bruno',
    lastName: 'Deuxième',
    roles: ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'],
    codeCourtier: 'C0002',
    marque: '2MA',
  },
  {
    login: 'grossiste',
    firstName: 'Gabriel',
    lastName: 'Grossiste',
    roles: ['ROLE_GROSSISTE', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'],
    codeCourtier: 'G0001',
    marque: 'Tassur',
    note: 'wholesaler of C0001 and C0003',
  },
  {
    login: 'compta',
    firstName: 'Camille',
    lastName: 'Comptable',
    roles: ['ROLE_COMPTA'],
    codeCourtier: 'C0001',
    marque: 'UCR',
  },
  {
    login: 'portefeuille',
    firstName: 'Paul',
    lastName: 'Portefeuille',
    roles: ['ROLE_PORTEFEUILLE'],
    codeCourtier: 'C0001',
    marque: 'UCR',
  },
  {
    login: 'gestion',
    firstName: 'Gaëlle',
    lastName: 'Gestion',
    roles: ['ROLE_GESTION'],
    codeCourtier: null,
    marque: 'UCR',
    note: "the insurer's back office: answers disputes across all brokers",
  },
  {
    login: 'user',
    firstName: 'Ulysse',
    lastName: 'Utilisateur',
    roles: [],
    codeCourtier: 'C0001',
    marque: null,
  },
];

export const demoEmail = (login: string) => `${login}@demo.extranet.example`;

/** Creates the demo accounts that do not exist yet; returns the logins it created. */
export async function seedDemoAccounts(db: Db, hashRounds?: number): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByLogin(db, account.login)) continue;
    const passwordHash = await hashPassword(account.login, hashRounds);
    await db.transaction(async (tx) => {
      // Checked again inside the transaction: two seeders may run at once.
      if (await findUserByLogin(tx, account.login)) return;
      await insertUser(
        tx,
        {
          login: account.login,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          email: demoEmail(account.login),
          activated: true,
          langKey: 'fr',
          marque: account.marque,
          codeCourtier: account.codeCourtier,
          authorities: ['ROLE_USER', ...account.roles],
        },
        'system',
      );
      created.push(account.login);
    });
  }
  return created;
}

/** The demo accounts as a printable table. */
export function demoAccountsTable(): string {
  const rows = [
    ['login / password', 'roles besides ROLE_USER', 'codeCourtier', 'marque'],
    ...DEMO_ACCOUNTS.map((a) => [
      a.login,
      a.roles.map((r) => r.replace(/^ROLE_/, '')).join(', ') || '—',
      a.codeCourtier ? `${a.codeCourtier}${a.note ? ` (${a.note})` : ''}` : '—',
      a.marque ?? '(none)',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}
