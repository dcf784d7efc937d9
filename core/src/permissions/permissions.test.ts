import { describe, expect, it } from 'vitest';
import type { Authority } from '../domain/ids.ts';
import { canAccess, canSeeColumn, features, visibleColumns } from './permissions.ts';

const as = (...roles: Authority[]) => ({ authorities: ['ROLE_USER', ...roles] as Authority[] });

describe('permissions by role (spec §6)', () => {
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
