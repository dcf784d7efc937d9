/** Commission statements (spec §3 "Commission statement"; default sort mois descending, §9). */
import { brokerFields, desc, f, type ResourceDef } from '../engine/fields.ts';

export const FORECAST = 'Prévisionnel';

export const commissionResource: ResourceDef = {
  entityName: 'commission',
  table: 'commission',
  key: 'idBordereau',
  exportName: 'bordereaux.csv',
  defaultSize: 12,
  defaultSort: [desc('mois')],
  search: ['courtier', 'compte', 'typeBordereau', 'fichierBordereau'],
  fields: [
    f('id', 'id', 'Id'),
    ...brokerFields,
    f('idBordereau', 'id', 'Id bordereau'),
    f('mois', 'date', 'Mois comptable'),
    f('typeBordereau', 'text', 'Type bordereau'),
    f('compte', 'text', 'Compte'),
    f('nb', 'integer', 'Nombre de mouvements'),
    f('montant', 'money', 'Montant versement'),
    f('soldePrecedent', 'money', 'Solde précédent'),
    f('dateEnvoi', 'date', 'Date envoi'),
    f('datePaiement', 'date', 'Date paiement'),
    f('fichierBordereau', 'text', 'Fichier'),
  ],
};

/** Total paid to date: forecasts excluded, summed as numeric in SQL (never in floats). */
export const TOTAL_PAID = `coalesce(sum(montant) filter (where type_bordereau is distinct from '${FORECAST}'), 0)::numeric(16,2)::text`;
