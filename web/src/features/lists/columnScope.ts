import { type Account, hasAnyAuthority } from '@extranet/core';

/** Columns a caller without ROLE_COMPTA never receives (ARCHITECTURE §4). */
const COMMISSION = new Set([
  'commissionnement',
  'modeCommissionnement',
  'montantCommissionPrevue',
  'tauxCommissionAnnee1',
  'montantCommissionAnnee1',
  'datePaiementCommissionAnnee1',
  'montantRepriseCommissionAnnee1',
  'dateRepriseCommissionAnnee1',
  'dateDerniereCommission',
  'montantCommissionTotale',
]);
/** Columns a caller without ROLE_COORD never receives in lists. */
const CONTACT = new Set(['adresse1', 'adresse2', 'ville', 'tel1', 'tel2', 'email']);

/** The chooser offers only columns the server sends to this account (it enforces the same rule). */
export const columnsFor = (account: Account | null, columns: readonly string[]): string[] =>
  columns.filter(
    (column) =>
      (!COMMISSION.has(column) || hasAnyAuthority(account, 'ROLE_COMPTA')) &&
      (!CONTACT.has(column) || hasAnyAuthority(account, 'ROLE_COORD')),
  );
