import { COMMISSION_FLAGS, COMMISSION_MODES, PAYMENT_STATUSES, POLICY_STATUSES } from '../domain/codes.ts';
import { describe, listed } from './descriptor.ts';
import { date, id, integer, money, text } from './field.ts';
import { CONTACT_COLUMNS, POLICY_DATE_COLUMNS, PORTFOLIO_FILTERS, policyPresets } from './police.ts';
import { brokerFields, identifier, policyDateFields, policyHolderFields, rowId } from './shared.ts';

const compta = { scope: 'COMPTA' } as const;
const asc = (field: string) => ({ field, dir: 'asc' }) as const;

// The insured list offers every policy preset but the payment ones (docs/product.md §4).
const { IMP: _imp, MED: _med, ...insuredPresets } = policyPresets;

const fields = {
  id: rowId,
  ...brokerFields,
  ...policyHolderFields,
  statut: text('Statut', { codes: POLICY_STATUSES }),
  statutPaiement: text('Statut paiement', { codes: PAYMENT_STATUSES }),
  libelleStatutPaiement: text('Libellé statut paiement'),
  commissionnement: text('Commissionnement', { ...compta, codes: COMMISSION_FLAGS }),
  modeCommissionnement: text('Mode commissionnement', { ...compta, codes: COMMISSION_MODES }),
  idAssure: id('Id assuré', { nullable: false }),
  rang: integer('Rang', { range: [1, 99] }),
  age: integer('Âge', { range: [0, 150] }),
  moisNaissance: integer('Mois de naissance', { range: [1, 12], filter: 'choice' }),
  dateNaissance: date('Date de naissance'),
  sexe: text('Sexe', { codes: ['M', 'F'] }),
  numeroSecu: text('Numéro de sécurité sociale', { searchable: true, masked: 'nir', ...identifier }),
  organismeAffiliation: text('Organisme'),
  ...policyDateFields,
  cotisationHt: money('Cotisation HT'),
  cotisationTtc: money('Cotisation TTC'),
};

/** An insured person (docs/product.md §3 "Insured person"), `GET /api/police-assures`. */
export const policeAssureDescriptor = describe({
  entityName: 'policeAssure',
  table: 'police_assure',
  key: 'idAssure',
  exportName: 'assures.csv',
  pageSize: 10,
  pageSizes: [5, 10, 15, 20],
  defaultSort: [asc('police'), asc('rang')],
  presets: insuredPresets,
  fields: listed(fields, {
    offer: [
      'courtier',
      'apporteur',
      'police',
      'risque',
      'gamme',
      'formule',
      'rang',
      'nomprenom',
      'age',
      'dateNaissance',
      'sexe',
      'cp',
      ...CONTACT_COLUMNS,
      ...POLICY_DATE_COLUMNS,
      'motifResil',
      'statut',
      'cotisationTtc',
    ],
    show: [
      'risque',
      'gamme',
      'police',
      'rang',
      'nomprenom',
      'age',
      'dateCreation',
      'dateSignature',
      'dateEffet',
      'dateResil',
    ],
    filters: [...PORTFOLIO_FILTERS, 'age', 'dateNaissance', 'moisNaissance', ...POLICY_DATE_COLUMNS],
    cli: ['police', 'rang', 'nomprenom', 'dateNaissance', 'age', 'risque', 'statut', 'ville'],
  }),
});
