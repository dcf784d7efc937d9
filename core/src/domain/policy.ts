import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Amount, Id, Int, IsoDate, Nullable, Rate } from './fields.ts';
import { policyDateFields, policyHolderFields } from './policyHolder.ts';

const text = Nullable(Schema.String);
const date = Nullable(IsoDate);
const amount = Nullable(Amount);

/**
 * A policy (spec §3 "Policy"), as `GET /api/police` sends it. Commission fields are absent for a
 * caller without ROLE_COMPTA and contact fields for one without ROLE_COORD: both decode as null.
 */
export const Policy = Schema.Struct({
  id: Id,
  ...brokerFields,
  ...policyHolderFields,
  ageAdherent: Nullable(Int),
  codeCategorieSocioProf: text,
  categorieSocioProf: text,
  ...policyDateFields,
  statut: text,
  droitsMensuels: amount,
  cotisationHt: amount,
  cotisationTtc: amount,
  cotisationTotale: amount,
  statutPaiement: text,
  libelleStatutPaiement: text,
  dateMiseEnDemeure: date,
  montantImpaye: amount,
  modePaiement: text,
  libelleModePaiement: text,
  jourPrelevement: Nullable(Int),
  commissionnement: text,
  modeCommissionnement: text,
  montantCommissionPrevue: amount,
  tauxCommissionAnnee1: Nullable(Rate),
  montantCommissionAnnee1: amount,
  datePaiementCommissionAnnee1: date,
  montantRepriseCommissionAnnee1: amount,
  dateRepriseCommissionAnnee1: date,
  dateDerniereCommission: date,
  montantCommissionTotale: amount,
});
export type Policy = typeof Policy.Type;

/** Policy statuses, payment statuses and termination reasons of spec §4. */
export const POLICY_STATUSES = ['Terminé', 'En cours', 'A venir'] as const;
export const PAYMENT_STATUSES = ['A jour', 'Impayé', 'Mis en demeure', 'Recouvrement'] as const;
export const COMMISSION_FLAGS = [
  'Paiement à venir',
  'Escompte payé',
  'Escompte repris',
  'Escompte soldé',
  'Linéaire',
] as const;
export const COMMISSION_MODES = ['Précompte/Escompte', 'Linéaire'] as const;
export const RISK_TYPES = [
  'Santé',
  'Surcomplémentaire Santé',
  'Accidents de la vie',
  'Obsèques',
  'Décès',
  'Hospitalisation',
  'Dépendance',
  'Prévoyance autre',
  'Frais de santé animaux',
] as const;
