/**
 * The authorisation matrix (docs/design.md §4): every entity route, as every demo account of
 * docs/design.md §7 signed in for real, checked for status, rows (no row of another broker) and
 * columns (no commission field without `columns.commission`, no contact field in a list or export
 * without `columns.contact`), each expectation read from core's permission table.
 */
import { may, type Permission } from '@extranet/core/permissions/table.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';
import { forEachApp } from '../helpers.ts';
import { COMMISSION_FIELDS, CONTACT_FIELDS } from './scoped-fields.ts';
import { seed } from './seed.ts';

type Kind = 'list' | 'detail' | 'export' | 'pdf';

interface Route {
  readonly url: string;
  readonly permission: Permission;
  readonly kind: Kind;
  /** The route's rows belong to C0001 (G0001): who may see them. */
  readonly owner?: 'C0001';
}

const PORTEFEUILLE = 'portfolio.read';
const COMPTA = 'commissions.read';
const USER = 'timeline.read';

const ROUTES: readonly Route[] = [
  { url: '/api/police?size=100', permission: PORTEFEUILLE, kind: 'list' },
  { url: '/api/police/1001', permission: PORTEFEUILLE, kind: 'detail', owner: 'C0001' },
  { url: '/api/police/export.csv', permission: PORTEFEUILLE, kind: 'export' },
  { url: '/api/police/distinct/codeApporteur', permission: PORTEFEUILLE, kind: 'list' },
  { url: '/api/police-assures?size=100', permission: PORTEFEUILLE, kind: 'list' },
  { url: '/api/police-assures/3001', permission: PORTEFEUILLE, kind: 'detail', owner: 'C0001' },
  { url: '/api/police-assures/export.csv', permission: PORTEFEUILLE, kind: 'export' },
  { url: '/api/police-assures/distinct/gamme', permission: PORTEFEUILLE, kind: 'list' },
  { url: '/api/assures/1001', permission: PORTEFEUILLE, kind: 'list', owner: 'C0001' },
  { url: '/api/commissions?size=100', permission: COMPTA, kind: 'list' },
  { url: '/api/commissions/2001', permission: COMPTA, kind: 'detail', owner: 'C0001' },
  { url: '/api/commissions/export.csv', permission: COMPTA, kind: 'export' },
  { url: '/api/commissions/bordereau/2001', permission: COMPTA, kind: 'detail', owner: 'C0001' },
  { url: '/api/commissions/download/2001', permission: COMPTA, kind: 'pdf', owner: 'C0001' },
  { url: '/api/commission-mouvements?size=100', permission: COMPTA, kind: 'list' },
  { url: '/api/commission-mouvements/1', permission: COMPTA, kind: 'detail', owner: 'C0001' },
  { url: '/api/mouvements/2001', permission: COMPTA, kind: 'list', owner: 'C0001' },
  { url: '/api/mouvements/2001/export.csv', permission: COMPTA, kind: 'export', owner: 'C0001' },
  { url: '/api/mouvements/police/1001', permission: COMPTA, kind: 'list', owner: 'C0001' },
  { url: '/api/timelines?size=100', permission: USER, kind: 'list' },
  { url: '/api/timelines/1', permission: USER, kind: 'detail', owner: 'C0001' },
  { url: '/api/police-event/1001', permission: USER, kind: 'list', owner: 'C0001' },
];

const CONTACT_LABELS = ['Adresse 1', 'Adresse 2', 'Ville', 'Téléphone 1', 'Téléphone 2', 'E-mail'];
const COMMISSION_LABELS = ['Commissionnement', 'Mode commissionnement', 'Commission totale perçue'];

/** Which broker codes a row may carry for this account (docs/design.md §4). */
function inScope(roles: readonly string[], code: string | null, row: Record<string, unknown>): boolean {
  if (may(roles, 'rows.all')) return true;
  if (!code) return false;
  return may(roles, 'rows.wholesaler')
    ? row.codeCourtierGrossistePortail === code
    : row.codeCourtierPortail === code;
}

/** Whether the account can see C0001's rows at all. */
function seesC0001(roles: readonly string[], code: string | null): boolean {
  return inScope(roles, code, { codeCourtierPortail: 'C0001', codeCourtierGrossistePortail: 'G0001' });
}

describe('authorisation matrix', () => {
  forEachApp((_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });

    for (const account of DEMO_ACCOUNTS) {
      const roles = ['ROLE_USER', ...account.roles];
      it(`holds for ${account.login}`, async () => {
        const headers = await ctx().auth(account.login);
        for (const route of ROUTES) {
          const response = await ctx().app.inject({ method: 'GET', url: route.url, headers });
          const label = `${account.login} GET ${route.url}`;
          const allowed = may(
            roles,
            route.permission,
            ...(route.kind === 'export' ? ['export' as const] : []),
          );
          if (!allowed) {
            expect(response.statusCode, label).toBe(403);
            continue;
          }
          if (route.owner && !seesC0001(roles, account.codeCourtier)) {
            expect(response.statusCode, label).toBe(404);
            continue;
          }
          expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(200);
          if (route.kind === 'pdf') continue;
          if (route.kind === 'export') {
            const header = response.body
              .replace(/^\uFEFF/, '')
              .split('\r\n')[0]!
              .split(';');
            for (const l of CONTACT_LABELS)
              if (!may(roles, 'columns.contact')) expect(header, label).not.toContain(l);
            for (const l of COMMISSION_LABELS)
              if (!may(roles, 'columns.commission')) expect(header, label).not.toContain(l);
            continue;
          }
          const body = response.json();
          const rows: Record<string, unknown>[] = Array.isArray(body) ? body : [body];
          for (const row of rows) {
            if ('codeCourtierPortail' in row)
              expect(inScope(roles, account.codeCourtier, row), label).toBe(true);
            if (!may(roles, 'columns.commission'))
              for (const f of COMMISSION_FIELDS) expect(row, label).not.toHaveProperty(f);
            if (route.kind === 'list' && !may(roles, 'columns.contact')) {
              for (const f of CONTACT_FIELDS) expect(row, label).not.toHaveProperty(f);
            }
          }
        }
      });
    }
  });
});
