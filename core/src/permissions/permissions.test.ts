import { describe, expect, it } from 'vitest';
import type { Authority } from '../domain/ids.ts';
import { canAccess, canSeeColumn, features, NAV_ENTRIES, visibleColumns } from './permissions.ts';
import { may, PERMISSIONS, type Permission } from './table.ts';

const as = (...roles: Authority[]) => ({ authorities: ['ROLE_USER', ...roles] as Authority[] });

describe('permissions by role (docs/product.md §6)', () => {
  it('guards routes', () => {
    expect(canAccess(null, 'register')).toBe(true);
    expect(canAccess(null, 'timeline')).toBe(false);
    expect(canAccess(as(), 'timeline')).toBe(true);
    expect(canAccess(as(), 'police')).toBe(false);
    expect(canAccess(as('ROLE_PORTEFEUILLE'), 'police')).toBe(true);
    expect(canAccess(as('ROLE_PORTEFEUILLE'), 'commission')).toBe(false);
    expect(canAccess(as('ROLE_COMPTA'), 'statementDetail')).toBe(true);
    expect(canAccess(as('ROLE_ADMIN'), 'commission')).toBe(true);
    expect(canAccess(as('ROLE_COMPTA'), 'userManagement')).toBe(false);
    expect(canAccess(as('ROLE_PORTEFEUILLE'), 'policeAssureDetail')).toBe(true);
    expect(canAccess(as('ROLE_PORTEFEUILLE'), 'policeAssureEdit')).toBe(false);
    expect(canAccess(as('ROLE_ADMIN'), 'policeAssureEdit')).toBe(true);
  });

  it('hides commission columns without COMPTA and contact columns without COORD', () => {
    expect(canSeeColumn(as('ROLE_PORTEFEUILLE'), 'montantCommissionTotale')).toBe(false);
    expect(canSeeColumn(as('ROLE_COMPTA'), 'montantCommissionTotale')).toBe(true);
    expect(visibleColumns(as('ROLE_COMPTA'), ['email', 'risque', 'commissionnement'])).toEqual([
      'risque',
      'commissionnement',
    ]);
    expect(visibleColumns(as('ROLE_COORD'), ['email', 'risque'])).toEqual(['email', 'risque']);
  });

  it('switches features on by role', () => {
    expect(features(as('ROLE_EXPORT')).export).toBe(true);
    expect(features(as()).export).toBe(false);
    expect(features(as('ROLE_GROSSISTE'))).toMatchObject({
      statementCourtierFilter: true,
      movementCourtierColumn: true,
    });
    expect(features(as('ROLE_ADMIN'))).toMatchObject({
      statementCourtierFilter: false,
      movementCourtierColumn: true,
    });
    expect(features(null).clientSheet).toBe(false);
  });
});

/** The seven demo accounts of the README, as the server seeds them. */
const DEMO = {
  admin: as('ROLE_ADMIN'),
  courtier: as('ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'),
  courtier2: as('ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'),
  grossiste: as('ROLE_GROSSISTE', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_EXPORT'),
  compta: as('ROLE_COMPTA'),
  portefeuille: as('ROLE_PORTEFEUILLE'),
  user: as(),
};
type Demo = keyof typeof DEMO;
const entries = (login: Demo, menu: keyof typeof NAV_ENTRIES) =>
  NAV_ENTRIES[menu].filter((route) => canAccess(DEMO[login], route));

describe('the seven demo accounts', () => {
  it('see in the navbar the lists the server lets them read (ADMIN or the list role)', () => {
    const all = ['police', 'policeAssure', 'commission', 'anomalies', 'disputes'];
    expect(entries('admin', 'entities')).toEqual(all);
    expect(entries('courtier', 'entities')).toEqual(all);
    expect(entries('courtier2', 'entities')).toEqual(all);
    expect(entries('grossiste', 'entities')).toEqual(all);
    expect(entries('compta', 'entities')).toEqual(['commission', 'anomalies', 'disputes']);
    expect(entries('portefeuille', 'entities')).toEqual(['police', 'policeAssure', 'disputes']);
    expect(entries('user', 'entities')).toEqual([]);
  });

  it('open by URL exactly what their navbar shows', () => {
    for (const login of Object.keys(DEMO) as Demo[]) {
      for (const menu of Object.keys(NAV_ENTRIES) as (keyof typeof NAV_ENTRIES)[]) {
        for (const route of NAV_ENTRIES[menu]) {
          expect(entries(login, menu).includes(route)).toBe(canAccess(DEMO[login], route));
        }
      }
    }
  });

  it('reach administration and insured edits only as admin', () => {
    const admins = (Object.keys(DEMO) as Demo[]).filter((login) => entries(login, 'admin').length > 0);
    expect(admins).toEqual(['admin']);
    expect(entries('admin', 'admin')).toEqual(['userManagement', 'metrics', 'health', 'audits', 'logs']);
    const editors = (Object.keys(DEMO) as Demo[]).filter((login) =>
      canAccess(DEMO[login], 'policeAssureEdit'),
    );
    expect(editors).toEqual(['admin']);
    expect((Object.keys(DEMO) as Demo[]).every((login) => canAccess(DEMO[login], 'timeline'))).toBe(true);
  });

  it('get the features their roles switch on', () => {
    const on = (feature: keyof ReturnType<typeof features>) =>
      (Object.keys(DEMO) as Demo[]).filter((login) => features(DEMO[login])[feature]);
    expect(on('export')).toEqual(['courtier', 'courtier2', 'grossiste']);
    expect(on('clientSheet')).toEqual(['courtier', 'courtier2', 'grossiste', 'portefeuille']);
    expect(on('commissions')).toEqual(['courtier', 'courtier2', 'grossiste', 'compta']);
    expect(on('statementCourtierFilter')).toEqual(['grossiste']);
    expect(on('movementCourtierColumn')).toEqual(['admin', 'grossiste']);
    expect(on('admin')).toEqual(['admin']);
  });
});

describe("core's permission table", () => {
  const grants = (login: Demo) =>
    (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => may(DEMO[login], permission));

  it('grants the demo accounts what the server guarded by role before the table', () => {
    expect(grants('admin')).toEqual([
      'portfolio.read',
      'commissions.read',
      'timeline.read',
      'dashboard.read',
      'messages.send',
      'account.self',
      'entities.write',
      'users.admin',
      'management.read',
      'data.import',
      'rows.all',
      'movements.courtierColumn',
      'nir.reveal',
      'personalData.admin',
      'webhooks.manage',
      'disputes.read',
    ]);
    expect(grants('compta')).toEqual([
      'commissions.read',
      'timeline.read',
      'dashboard.read',
      'account.self',
      'columns.commission',
      'home.dashboard',
      'webhooks.manage',
      'disputes.read',
      'disputes.open',
    ]);
    expect(grants('user')).toEqual(['timeline.read', 'account.self', 'webhooks.manage']);
    expect(grants('grossiste')).toContain('rows.wholesaler');
    expect(grants('courtier')).toContain('columns.contact');
    expect(grants('courtier2')).not.toContain('columns.contact');
    // The whole NIR goes with contact data: courtier may reveal it, courtier2 may not.
    expect(grants('courtier')).toContain('nir.reveal');
    expect(grants('courtier2')).not.toContain('nir.reveal');
  });

  it('asks for every permission named: an export needs the list and `export`', () => {
    expect(may(DEMO.courtier, 'portfolio.read', 'export')).toBe(true);
    expect(may(DEMO.portefeuille, 'portfolio.read', 'export')).toBe(false);
    expect(may(null, 'timeline.read')).toBe(false);
    expect(may(['ROLE_GESTION'], 'rows.all', 'disputes.answer')).toBe(true);
    // The back office answers disputes; it does not open them.
    expect(may(['ROLE_GESTION'], 'disputes.open')).toBe(false);
  });
});
