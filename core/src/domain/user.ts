import { Schema } from 'effect';
import { Nullable } from './fields.ts';
import { Authority, Login, Marque } from './ids.ts';

/** An instant as JSON (`createdDate`…): ISO text, formatted by `formatDateTime`. */
const Instant = Schema.String;

/** A user as the administration screens read it (`GET /api/users`, JHipster UserDTO plus brand and code). */
export const User = Schema.Struct({
  id: Schema.Number,
  login: Login,
  firstName: Nullable(Schema.String),
  lastName: Nullable(Schema.String),
  email: Nullable(Schema.String),
  imageUrl: Nullable(Schema.String),
  activated: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  langKey: Nullable(Schema.String),
  marque: Nullable(Marque),
  codeCourtier: Nullable(Schema.String),
  createdBy: Nullable(Schema.String),
  createdDate: Nullable(Instant),
  lastModifiedBy: Nullable(Schema.String),
  lastModifiedDate: Nullable(Instant),
  authorities: Schema.Array(Authority),
});
export type User = typeof User.Type;

/**
 * The body of `POST /api/users` (no id) and `PUT /api/users` (with id). `password` only on
 * creation (the dialog's confirmation is never sent).
 */
export interface UserWrite {
  readonly id?: number;
  readonly login: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string;
  readonly activated: boolean;
  readonly langKey: string | null;
  readonly marque: Marque | null;
  readonly codeCourtier: string | null;
  readonly authorities: readonly Authority[];
  readonly password?: string;
}
