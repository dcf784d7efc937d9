import { FORECAST, FORECAST_STATEMENTS, PAID_STATEMENTS } from '../domain/forecast.ts';
import { describe, listed } from './descriptor.ts';
import { date, id, integer, money, text } from './field.ts';
import { brokerFields, identifier, rowId } from './shared.ts';

const fields = {
  id: rowId,
  ...brokerFields,
  idBordereau: id('Id bordereau', { nullable: false }),
  mois: date('Mois comptable', { month: true }),
  typeBordereau: text('Type bordereau', { searchable: true, codes: [FORECAST, 'Définitif'] }),
  compte: text('Compte', { searchable: true, ...identifier }),
  nb: integer('Nombre de mouvements', { range: [0, 1_000_000_000] }),
  montant: money('Montant versement'),
  soldePrecedent: money('Solde précédent'),
  dateEnvoi: date('Date envoi'),
  datePaiement: date('Date paiement'),
  fichierBordereau: text('Fichier', { searchable: true, ...identifier }),
};

/** A commission statement (bordereau), `GET /api/commissions`; latest month first. */
export const commissionDescriptor = describe({
  entityName: 'commission',
  table: 'commission',
  key: 'idBordereau',
  exportName: 'bordereaux.csv',
  pageSize: 12,
  pageSizes: [6, 12, 24],
  defaultSort: [{ field: 'mois', dir: 'desc' }],
  /** Paid (the list's `X-Total-Amount`, the dashboard's paid figures) and forecast amounts. */
  totals: {
    paid: { sum: 'montant', where: PAID_STATEMENTS },
    forecast: { sum: 'montant', where: FORECAST_STATEMENTS },
  },
  fields: listed(fields, {
    offer: [
      'courtier',
      'mois',
      'typeBordereau',
      'compte',
      'nb',
      'montant',
      'soldePrecedent',
      'dateEnvoi',
      'datePaiement',
    ],
    show: ['mois', 'typeBordereau', 'compte', 'nb', 'montant', 'dateEnvoi', 'datePaiement'],
    cli: [
      'idBordereau',
      'mois',
      'typeBordereau',
      'compte',
      'nb',
      'montant',
      'datePaiement',
      'fichierBordereau',
    ],
  }),
});
