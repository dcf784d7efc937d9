import { Schema } from 'effect';
import { Authority, Login, Marque } from './ids.ts';

const Nullable = <S extends Schema.Schema.Any>(s: S) =>
  Schema.optionalWith(Schema.NullOr(s), { default: () => null });

/** The signed-in user's account as `GET /api/account` returns it (JHipster UserDTO plus brand and broker code). */
export const Account = Schema.Struct({
  id: Schema.optional(Schema.Number),
  login: Login,
  firstName: Nullable(Schema.String),
  lastName: Nullable(Schema.String),
  email: Nullable(Schema.String),
  imageUrl: Nullable(Schema.String),
  activated: Schema.Boolean,
  langKey: Schema.String,
  authorities: Schema.Array(Authority),
  marque: Nullable(Marque),
  codeCourtier: Nullable(Schema.String),
});
export type Account = typeof Account.Type;

/** Body of `POST /api/authenticate`. */
export const Credentials = Schema.Struct({
  username: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(50)),
  password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)),
  rememberMe: Schema.Boolean,
});
export type Credentials = typeof Credentials.Type;

/** Response body of `POST /api/authenticate`. */
export const AuthenticateResponse = Schema.Struct({
  id_token: Schema.String.pipe(Schema.minLength(1)).annotations({ description: 'the session token (a JWT)' }),
  /** The ten recovery codes, when the user enrolled a second factor with this sign-in. */
  recovery_codes: Schema.optional(
    Schema.Array(Schema.String).annotations({
      description: 'when the user enrolled a second factor with this sign-in',
    }),
  ),
});

/** `GET /api/profile-info`: the ribbon shows `ribbonEnv` only when it is set. */
export const ProfileInfo = Schema.Struct({
  activeProfiles: Schema.Array(Schema.String),
  ribbonEnv: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
});
export type ProfileInfo = typeof ProfileInfo.Type;

/** A role as people read it, without the `ROLE_` prefix (`ROLE_COMPTA` → `COMPTA`). */
export const roleName = (role: Authority): string => role.replace(/^ROLE_/, '');
