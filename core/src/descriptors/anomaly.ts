import { ANOMALY_RULES } from '../domain/policyLifecycle/anomalyRules.ts';
import { describe, listed } from './descriptor.ts';
import { codes, date, id, money, text } from './field.ts';
import { brokerFields, identifier, rowId } from './shared.ts';

const searched = { searchable: true } as const;

const fields = {
  id: rowId,
  ...brokerFields,
  regle: codes(ANOMALY_RULES, 'Règle', { nullable: false }),
  idPolice: id('Id police', { nullable: false }),
  police: text('Police', { ...searched, ...identifier }),
  nomprenom: text('Nom prénom', searched),
  idBordereau: id('Id bordereau'),
  idMouvement: id('Id mouvement'),
  mois: date('Mois comptable', { month: true, nullable: false }),
  typeMouvement: text('Type mouvement', identifier),
  periode: date('Période'),
  montant: money('Montant en jeu', { nullable: false, label: 'montantEnJeu' }),
  explication: text('Explication', { ...searched, filter: 'none', sortable: false }),
  explanation: text('Explanation', { filter: 'none', sortable: false }),
};

/**
 * A reconciliation anomaly (docs/reconciliation.md), `GET /api/anomalies`: derived by the server
 * from the statements and policies; largest amount at stake first.
 */
export const anomalyDescriptor = describe({
  entityName: 'anomaly',
  table: 'anomaly',
  key: 'id',
  exportName: 'anomalies.csv',
  pageSize: 20,
  pageSizes: [10, 20, 50, 100],
  defaultSort: [{ field: 'montant', dir: 'desc' }],
  fields: listed(fields, {
    offer: [
      'courtier',
      'regle',
      'police',
      'nomprenom',
      'mois',
      'typeMouvement',
      'periode',
      'montant',
      'explication',
    ],
    show: ['regle', 'police', 'nomprenom', 'mois', 'montant', 'explication'],
    filters: ['regle', 'courtier', 'mois'],
    cli: ['id', 'regle', 'police', 'mois', 'montant', 'idBordereau'],
  }),
});
