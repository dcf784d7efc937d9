import { Schema } from 'effect';
import { Id, IsoDate, Nullable } from './fields.ts';

const text = Nullable(Schema.String);
const date = Nullable(IsoDate);

/**
 * The policy and policy-holder fields that a policy and each of its insured persons both carry
 * (spec §3), spread into both schemas so that the two cannot drift apart.
 */
export const policyHolderFields = {
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
};

/** The policy's life dates and termination, repeated on each insured person's row. */
export const policyDateFields = {
  dateCreation: date,
  dateSignature: date,
  dateEffet: date,
  dateResil: date,
  codeResil: text,
  motifResil: text,
  dateEnregistrementResil: date,
};
