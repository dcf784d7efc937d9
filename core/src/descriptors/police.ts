import { COMMISSION_FLAGS, COMMISSION_MODES, PAYMENT_STATUSES, POLICY_STATUSES } from '../domain/codes.ts';
import { ALWAYS } from './condition.ts';
import { describe, listed, type PresetDescription } from './descriptor.ts';
import { date, integer, money, rate, text, withMeta } from './field.ts';
import { brokerFields, identifier, policyDateFields, policyHolderFields, rowId } from './shared.ts';

const compta = { scope: 'COMPTA' } as const;
const desc = (field: string) => ({ field, dir: 'desc' }) as const;

/** Predefined filters of docs/product.md §4: each a condition on the policy's fields. */
export const policyPresets = {
  NOF: { where: ALWAYS },
  SEF: {
    where: { field: 'motifResil', op: 'eq', value: 'Sans Effet' },
    sort: [desc('dateEnregistrementResil')],
  },
  RES: {
    where: {
      all: [
        { field: 'motifResil', op: 'isNotNull' },
        { field: 'motifResil', op: 'ne', value: 'Actif' },
      ],
    },
  },
  IMP: { where: { field: 'statutPaiement', op: 'eq', value: 'Impayé' } },
  MED: { where: { field: 'statutPaiement', op: 'eq', value: 'Mis en demeure' } },
  NRS: { where: { field: 'motifResil', op: 'eq', value: 'Actif' } },
  VIG: { where: { field: 'statut', op: 'eq', value: 'En cours' } },
} satisfies Readonly<Record<string, PresetDescription>>;

/** Contact columns, offered (to ROLE_COORD) after the postal code in both portfolio lists. */
export const CONTACT_COLUMNS = ['adresse1', 'adresse2', 'ville', 'tel1', 'tel2', 'email'] as const;
/** The filters both portfolio lists open their panel with, in order. */
export const PORTFOLIO_FILTERS = [
  'courtier',
  'codeApporteur',
  'risque',
  'gamme',
  'formule',
  'motifResil',
  'statut',
  'nomprenom',
  'cp',
] as const;
/** The policy dates both portfolio lists offer (and filter on), in order. */
export const POLICY_DATE_COLUMNS = [
  'dateCreation',
  'dateSignature',
  'dateEffet',
  'dateResil',
  'dateEnregistrementResil',
] as const;

const fields = {
  id: rowId,
  ...brokerFields,
  ...policyHolderFields,
  ageAdherent: integer('Âge', { range: [0, 150] }),
  codeCategorieSocioProf: text('Code CSP', identifier),
  categorieSocioProf: text('Catégorie socio-professionnelle'),
  ...policyDateFields,
  motifResil: withMeta(policyDateFields.motifResil, { searchable: true }),
  statut: text('Statut', { searchable: true, codes: POLICY_STATUSES }),
  droitsMensuels: money('Droits mensuels'),
  cotisationHt: money('Cotisation HT'),
  cotisationTtc: money('Cotisation TTC'),
  cotisationTotale: money('Cotisation totale mensuelle'),
  // Its filter sits with the commission filters, shown to accountants only (docs/product.md §2).
  statutPaiement: text('Statut paiement', { codes: PAYMENT_STATUSES, filterScope: 'COMPTA' }),
  libelleStatutPaiement: text('Libellé statut paiement'),
  dateMiseEnDemeure: date('Date mise en demeure'),
  montantImpaye: money('Montant impayé'),
  modePaiement: text('Mode de paiement', identifier),
  libelleModePaiement: text('Libellé mode de paiement'),
  jourPrelevement: integer('Jour de prélèvement', { range: [1, 31] }),
  commissionnement: text('Commissionnement', { ...compta, codes: COMMISSION_FLAGS }),
  modeCommissionnement: text('Mode commissionnement', { ...compta, codes: COMMISSION_MODES }),
  montantCommissionPrevue: money('Commission prévue', compta),
  tauxCommissionAnnee1: rate('Taux commission an.1', compta),
  montantCommissionAnnee1: money('Commission an.1', compta),
  datePaiementCommissionAnnee1: date('Date commissionnement an.1', compta),
  montantRepriseCommissionAnnee1: money('Reprise commission an.1', compta),
  dateRepriseCommissionAnnee1: date('Date reprise comm. an.1', compta),
  dateDerniereCommission: date('Date dernier paiement comm.', compta),
  montantCommissionTotale: money('Commission totale perçue', compta),
};

/**
 * A policy (docs/product.md §3 "Policy"), `GET /api/police`. Commission fields are absent for a caller
 * without ROLE_COMPTA and contact fields for one without ROLE_COORD (both decode as null).
 */
export const policeDescriptor = describe({
  entityName: 'police',
  table: 'police',
  key: 'idPolice',
  exportName: 'police.csv',
  pageSize: 10,
  pageSizes: [5, 10, 15, 20],
  defaultSort: [desc('dateCreation')],
  presets: policyPresets,
  fields: listed(fields, {
    offer: [
      'courtier',
      'apporteur',
      'police',
      'numeroUcr',
      'referenceCourtier',
      'risque',
      'gamme',
      'formule',
      'nomprenom',
      'cp',
      ...CONTACT_COLUMNS,
      'ageAdherent',
      ...POLICY_DATE_COLUMNS,
      'motifResil',
      'statut',
      'cotisationTtc',
      'statutPaiement',
      'modePaiement',
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
    ],
    show: ['risque', 'gamme', 'nomprenom', 'dateCreation', 'dateSignature', 'dateEffet', 'dateResil'],
    filters: [
      ...PORTFOLIO_FILTERS,
      'ageAdherent',
      ...POLICY_DATE_COLUMNS,
      'commissionnement',
      'modeCommissionnement',
      'statutPaiement',
      'datePaiementCommissionAnnee1',
      'dateRepriseCommissionAnnee1',
      'dateDerniereCommission',
    ],
    cli: ['police', 'nomprenom', 'risque', 'gamme', 'statut', 'statutPaiement', 'dateEffet', 'cotisationTtc'],
  }),
});
