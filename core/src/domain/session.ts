import { Schema } from 'effect';
import { Id, Instant } from './fields.ts';

/**
 * One sign-in of a user (`GET /api/account/sessions`, docs/security.md "Identity: sessions"):
 * the device read from its User-Agent, its address, when it started and was last used, and
 * whether it is the caller's own.
 */
export const Session = Schema.Struct({
  id: Id,
  device: Schema.String.annotations({
    description: 'browser and system read from the User-Agent of the sign-in',
  }),
  address: Schema.String.annotations({ description: 'the address the sign-in came from' }),
  startedAt: Instant,
  lastUsedAt: Instant.annotations({ description: 'to the minute' }),
  current: Schema.Boolean.annotations({ description: "the session of the caller's token" }),
});
export type Session = typeof Session.Type;

/** `GET`/`PUT /api/admin/two-factor/roles`: the roles whose users must sign in with a second factor. */
export const TwoFactorRoles = Schema.Struct({ roles: Schema.Array(Schema.String) });
