import { Schema } from 'effect';

/** What `GET api/portail_user/sync` did: counts of users created, updated and left alone, and the entries refused with why. */
export const UserSyncReport = Schema.Struct({
  created: Schema.Number,
  updated: Schema.Number,
  unchanged: Schema.Number,
  rejected: Schema.optionalWith(
    Schema.Array(Schema.Struct({ login: Schema.String, reason: Schema.String })),
    {
      default: () => [],
    },
  ),
});
export type UserSyncReport = typeof UserSyncReport.Type;
