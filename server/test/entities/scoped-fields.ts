/**
 * The policy fields a caller sees only with ROLE_COMPTA (commission) or ROLE_COORD (contact),
 * written out here rather than read from core's descriptor, so the tests hold the descriptor to
 * what the product says (docs/design.md §4).
 */
export const COMMISSION_FIELDS = (
  'commissionnement modeCommissionnement montantCommissionPrevue tauxCommissionAnnee1 montantCommissionAnnee1 ' +
  'datePaiementCommissionAnnee1 montantRepriseCommissionAnnee1 dateRepriseCommissionAnnee1 dateDerniereCommission ' +
  'montantCommissionTotale'
).split(' ');
export const CONTACT_FIELDS = ['adresse1', 'adresse2', 'ville', 'tel1', 'tel2', 'email'];
