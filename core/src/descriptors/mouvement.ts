import { RISK_TYPES } from '../domain/codes.ts';
import { FORECAST } from '../domain/forecast.ts';
import { describe, listed } from './descriptor.ts';
import { date, id, money, rate, text } from './field.ts';
import { brokerFields, identifier, rowId } from './shared.ts';

const searched = { searchable: true } as const;
const asc = (field: string) => ({ field, dir: 'asc' }) as const;

const fields = {
  id: rowId,
  ...brokerFields,
  idBordereau: id('Id bordereau', { nullable: false }),
  typeBordereau: text('Type bordereau', { codes: [FORECAST, 'Définitif'] }),
  mois: date('Mois comptable', { month: true }),
  compte: text('Compte', identifier),
  idPolice: id('Id police'),
  police: text('Police', { ...searched, ...identifier }),
  risque: text('Risque', { ...searched, codes: RISK_TYPES }),
  gamme: text('Gamme', { ...searched, filter: 'choice' }),
  formule: text('Formule', searched),
  nomprenom: text('Nom prénom', { ...searched, words: true, filterLabel: 'commission.detail.nom' }),
  ville: text('Ville', { scope: 'COORD', searchable: true }),
  dateEffet: date('Date effet'),
  dateResil: date('Date résiliation'),
  typeMouvement: text('Type mouvement', identifier),
  libelleMouvement: text('Type commission', { ...searched, filter: 'choice' }),
  periode: date('Période'),
  montantBase: money('Montant base'),
  taux: rate('Taux'),
  montant: money('Montant'),
  courtierApporteur: text('Courtier apporteur'),
  codeApporteur: text('Code apporteur', { filter: 'choice', ...identifier }),
  apporteur: text('Apporteur', searched),
};

/** A commission movement (a statement line), `/api/commission-mouvements` and `/api/mouvements/…`. */
export const mouvementDescriptor = describe({
  entityName: 'commissionMouvement',
  table: 'commission_mouvement',
  key: 'id',
  exportName: 'mouvements.csv',
  pageSize: 10,
  pageSizes: [5, 10, 15, 25, 100, 500, 10000],
  defaultSort: [asc('libelleMouvement'), asc('gamme'), asc('police')],
  fields: listed(fields, {
    offer: [
      'courtier',
      'apporteur',
      'police',
      'nomprenom',
      'ville',
      'risque',
      'gamme',
      'formule',
      'dateEffet',
      'dateResil',
      'typeMouvement',
      'libelleMouvement',
      'periode',
      'montantBase',
      'taux',
      'montant',
    ],
    show: [
      'police',
      'nomprenom',
      'risque',
      'gamme',
      'libelleMouvement',
      'periode',
      'montantBase',
      'taux',
      'montant',
    ],
    filters: ['courtier', 'codeApporteur', 'risque', 'gamme', 'libelleMouvement', 'nomprenom'],
    // `statements show --lines`: the policy first (a terminal table never cuts its first column).
    cli: ['police', 'nomprenom', 'libelleMouvement', 'periode', 'montantBase', 'taux', 'montant'],
  }),
});
