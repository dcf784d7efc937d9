/** The insured-person list (spec §3 "Insured person"; default sort police then rang, §9). */
import { asc, brokerFields, f, type ResourceDef } from '../engine/fields.ts';
import {
  commission,
  policyDateFields,
  policyHolderFields,
  policyHolderSearch,
} from '../police/holderFields.ts';
import { policyPresets } from '../police/resource.ts';

// The insured list offers every preset but the payment ones (spec §4).
const { IMP: _imp, MED: _med, ...assurePresets } = policyPresets;

export const policeAssureResource: ResourceDef = {
  entityName: 'policeAssure',
  table: 'police_assure',
  key: 'idAssure',
  exportName: 'assures.csv',
  defaultSize: 10,
  defaultSort: [asc('police'), asc('rang')],
  presets: assurePresets,
  search: [...policyHolderSearch, 'numeroSecu'],
  fields: [
    f('id', 'id', 'Id'),
    ...brokerFields,
    ...policyHolderFields,
    f('statut', 'text', 'Statut'),
    f('statutPaiement', 'text', 'Statut paiement'),
    f('libelleStatutPaiement', 'text', 'Libellé statut paiement'),
    f('commissionnement', 'text', 'Commissionnement', commission),
    f('modeCommissionnement', 'text', 'Mode commissionnement', commission),
    f('idAssure', 'id', 'Id assuré'),
    f('rang', 'integer', 'Rang'),
    f('age', 'integer', 'Âge'),
    f('moisNaissance', 'integer', 'Mois de naissance'),
    f('dateNaissance', 'date', 'Date de naissance'),
    f('sexe', 'text', 'Sexe'),
    f('numeroSecu', 'text', 'Numéro de sécurité sociale'),
    f('organismeAffiliation', 'text', 'Organisme'),
    ...policyDateFields,
    f('cotisationHt', 'money', 'Cotisation HT'),
    f('cotisationTtc', 'money', 'Cotisation TTC'),
  ],
};
