import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Amount, Id, IsoDate, Nullable, Rate } from './fields.ts';

const text = Nullable(Schema.String);

/** A commission movement (a statement line), as `/api/commission-mouvements` and `/api/mouvements/…` send it. */
export const CommissionMovement = Schema.Struct({
  id: Id,
  ...brokerFields,
  idBordereau: Id,
  typeBordereau: text,
  mois: Nullable(IsoDate),
  compte: text,
  idPolice: Nullable(Id),
  police: text,
  risque: text,
  gamme: text,
  formule: text,
  nomprenom: text,
  ville: text,
  dateEffet: Nullable(IsoDate),
  dateResil: Nullable(IsoDate),
  typeMouvement: text,
  libelleMouvement: text,
  periode: Nullable(IsoDate),
  montantBase: Nullable(Amount),
  taux: Nullable(Rate),
  montant: Nullable(Amount),
  courtierApporteur: text,
  codeApporteur: text,
  apporteur: text,
});
export type CommissionMovement = typeof CommissionMovement.Type;
