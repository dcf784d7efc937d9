import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Amount, Id, Int, IsoDate, Nullable } from './fields.ts';

const text = Nullable(Schema.String);
const date = Nullable(IsoDate);

/** An insured person (spec §3 "Insured person"), as `GET /api/police-assures` sends it. */
export const InsuredPerson = Schema.Struct({
  id: Id,
  ...brokerFields,
  codeApporteur: text,
  apporteur: text,
  idPolice: Id,
  numeroUcr: text,
  police: text,
  referenceCourtier: text,
  risque: text,
  gamme: text,
  formule: text,
  nomprenom: text,
  nom: text,
  prenom: text,
  adresse1: text,
  adresse2: text,
  cp: text,
  ville: text,
  tel1: text,
  tel2: text,
  email: text,
  statut: text,
  statutPaiement: text,
  libelleStatutPaiement: text,
  commissionnement: text,
  modeCommissionnement: text,
  idAssure: Id,
  rang: Nullable(Int),
  age: Nullable(Int),
  moisNaissance: Nullable(Int),
  dateNaissance: date,
  sexe: text,
  numeroSecu: text,
  organismeAffiliation: text,
  dateCreation: date,
  dateSignature: date,
  dateEffet: date,
  dateResil: date,
  codeResil: text,
  motifResil: text,
  dateEnregistrementResil: date,
  cotisationHt: Nullable(Amount),
  cotisationTtc: Nullable(Amount),
});
export type InsuredPerson = typeof InsuredPerson.Type;
