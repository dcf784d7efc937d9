import { Schema } from 'effect';

/**
 * One sign-in of a user (`GET /api/account/sessions`, docs/security.md "Identity: sessions"):
 * the device read from its User-Agent, its address, when it started and was last used, and
 * whether it is the caller's own.
 */
export const Session = Schema.Struct({
  id: Schema.Number,
  device: Schema.String,
  address: Schema.String,
  startedAt: Schema.String,
  lastUsedAt: Schema.String,
  current: Schema.Boolean,
});
export type Session = typeof Session.Type;

/** `GET`/`PUT /api/admin/two-factor/roles`: the roles whose users must sign in with a second factor. */
export const TwoFactorRoles = Schema.Struct({ roles: Schema.Array(Schema.String) });
