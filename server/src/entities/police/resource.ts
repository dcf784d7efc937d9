/** The policy list (spec §3 "Policy", presets of §4, default sort of §9). */
import { brokerFields, desc, f, type PresetDef, type ResourceDef } from '../engine/fields.ts';
import { commission, policyDateFields, policyHolderFields, policyHolderSearch } from './holderFields.ts';

/** Predefined filters of spec §4, shared with the insured list (which drops IMP and MED). */
export const policyPresets: Readonly<Record<string, PresetDef>> = {
  NOF: { where: 'true' },
  SEF: { where: "motif_resil = 'Sans Effet'", sort: [desc('dateEnregistrementResil')] },
  RES: { where: "motif_resil is not null and motif_resil <> 'Actif'" },
  IMP: { where: "statut_paiement = 'Impayé'" },
  MED: { where: "statut_paiement = 'Mis en demeure'" },
  NRS: { where: "motif_resil = 'Actif'" },
  VIG: { where: "statut = 'En cours'" },
};

export const policeResource: ResourceDef = {
  entityName: 'police',
  table: 'police',
  key: 'idPolice',
  exportName: 'police.csv',
  defaultSize: 10,
  defaultSort: [desc('dateCreation')],
  presets: policyPresets,
  search: [...policyHolderSearch, 'statut', 'motifResil'],
  fields: [
    f('id', 'id', 'Id'),
    ...brokerFields,
    ...policyHolderFields,
    f('ageAdherent', 'integer', 'Âge'),
    f('codeCategorieSocioProf', 'text', 'Code CSP'),
    f('categorieSocioProf', 'text', 'Catégorie socio-professionnelle'),
    ...policyDateFields,
    f('statut', 'text', 'Statut'),
    f('droitsMensuels', 'money', 'Droits mensuels'),
    f('cotisationHt', 'money', 'Cotisation HT'),
    f('cotisationTtc', 'money', 'Cotisation TTC'),
    f('cotisationTotale', 'money', 'Cotisation totale mensuelle'),
    f('statutPaiement', 'text', 'Statut paiement'),
    f('libelleStatutPaiement', 'text', 'Libellé statut paiement'),
    f('dateMiseEnDemeure', 'date', 'Date mise en demeure'),
    f('montantImpaye', 'money', 'Montant impayé'),
    f('modePaiement', 'text', 'Mode de paiement'),
    f('libelleModePaiement', 'text', 'Libellé mode de paiement'),
    f('jourPrelevement', 'integer', 'Jour de prélèvement'),
    f('commissionnement', 'text', 'Commissionnement', commission),
    f('modeCommissionnement', 'text', 'Mode commissionnement', commission),
    f('montantCommissionPrevue', 'money', 'Commission prévue', commission),
    f('tauxCommissionAnnee1', 'rate', 'Taux commission an.1', commission),
    f('montantCommissionAnnee1', 'money', 'Commission an.1', commission),
    f('datePaiementCommissionAnnee1', 'date', 'Date commissionnement an.1', commission),
    f('montantRepriseCommissionAnnee1', 'money', 'Reprise commission an.1', commission),
    f('dateRepriseCommissionAnnee1', 'date', 'Date reprise comm. an.1', commission),
    f('dateDerniereCommission', 'date', 'Date dernier paiement comm.', commission),
    f('montantCommissionTotale', 'money', 'Commission totale perçue', commission),
  ],
};
