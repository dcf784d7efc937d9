import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Amount, Id, Int, IsoDate, Nullable } from './fields.ts';
import { policyDateFields, policyHolderFields } from './policyHolder.ts';

const text = Nullable(Schema.String);
const date = Nullable(IsoDate);

/** An insured person (spec §3 "Insured person"), as `GET /api/police-assures` sends it. */
export const InsuredPerson = Schema.Struct({
  id: Id,
  ...brokerFields,
  ...policyHolderFields,
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
  ...policyDateFields,
  cotisationHt: Nullable(Amount),
  cotisationTtc: Nullable(Amount),
});
export type InsuredPerson = typeof InsuredPerson.Type;
