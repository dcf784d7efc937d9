import { Schema } from 'effect';
import { Id, Instant } from './fields.ts';

/** What an access record says was done (docs/security.md "Data protection"). */
export const ACCESS_KINDS = ['detail', 'nir_reveal', 'export', 'personal_data_export', 'anonymise'] as const;

/** A date or instant (ISO 8601 text), or null. */
const isoOrNull = (format: 'date-time' | 'date', description?: string) =>
  Schema.NullOr(Schema.String).annotations({
    jsonSchema: { type: ['string', 'null'], format, ...(description ? { description } : {}) },
  });

/** One line of "who looked at my file?", `GET /api/police-assures/{idAssure}/access-log`. */
export const AccessEvent = Schema.Struct({
  id: Id,
  at: Instant,
  login: Schema.String.annotations({ description: '`retention` for the retention job' }),
  kind: Schema.Literal(...ACCESS_KINDS),
  idAssure: Schema.NullOr(Id).annotations({ description: 'null for a view of their policy' }),
  idPolice: Schema.NullOr(Id),
  ip: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
});
export type AccessEvent = typeof AccessEvent.Type;

/** `POST /api/police-assures/{idAssure}/nir`: the whole NIR, a recorded reveal. */
export const RevealedNir = Schema.Struct({
  idAssure: Id,
  numeroSecu: Schema.NullOr(Schema.String),
});

/** `POST /api/police-assures/{idAssure}/anonymise`: the state after the request. */
export const Anonymisation = Schema.Struct({
  idAssure: Id,
  anonymised: Schema.Boolean.annotations({
    description: 'false when an earlier request or the job had done it',
  }),
  anonymisedAt: isoOrNull('date-time'),
  retainedUntil: isoOrNull('date', 'end of the retention period; null while the contract runs'),
});
export type Anonymisation = typeof Anonymisation.Type;

/** A row as its detail route answers it (its fields depend on the caller's column scope). */
const Row = (description: string) =>
  Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
    jsonSchema: { type: 'object', description },
  });

/** `GET /api/police-assures/{idAssure}/personal-data`: everything held about one insured person. */
export const PersonalData = Schema.Struct({
  generatedAt: Instant,
  insured: Row('the insured person (the NIR whole for nir.reveal, else masked)'),
  policy: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Unknown })).annotations({
    jsonSchema: { type: ['object', 'null'], description: 'their policy, as its detail answers it' },
  }),
  events: Schema.Array(Row('a row as the detail route answers it')).annotations({
    jsonSchema: {
      type: 'array',
      items: { type: 'object', description: 'policy events about them or their policy, oldest first' },
    },
  }),
  commissionLines: Schema.NullOr(Schema.Array(Row('a row as the detail route answers it'))).annotations({
    jsonSchema: {
      type: ['array', 'null'],
      items: { type: 'object', description: 'a row as the detail route answers it' },
      description: 'commission lines naming them; null without commissions.read',
    },
  }),
  disputes: Schema.NullOr(Schema.Array(Row('a dispute with its thread'))).annotations({
    jsonSchema: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        description: 'a dispute as GET /api/disputes/{id} answers it, with its thread',
      },
      description: 'disputes naming them, oldest first, with their messages; null without disputes.read',
    },
  }),
});
export type PersonalData = typeof PersonalData.Type;
