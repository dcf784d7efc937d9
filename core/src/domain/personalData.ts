import { Schema } from 'effect';

/** What an access record says was done (docs/security.md "Data protection"). */
export const ACCESS_KINDS = ['detail', 'nir_reveal', 'export', 'personal_data_export', 'anonymise'] as const;

/** One line of "who looked at my file?", `GET /api/police-assures/{idAssure}/access-log`. */
export const AccessEvent = Schema.Struct({
  id: Schema.Number,
  at: Schema.String,
  /** `retention` for the retention job. */
  login: Schema.String,
  kind: Schema.Literal(...ACCESS_KINDS),
  /** Null for a view of their policy. */
  idAssure: Schema.NullOr(Schema.Number),
  idPolice: Schema.NullOr(Schema.Number),
  ip: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
});
export type AccessEvent = typeof AccessEvent.Type;

/** `POST /api/police-assures/{idAssure}/nir`: the whole NIR, a recorded reveal. */
export const RevealedNir = Schema.Struct({
  idAssure: Schema.Number,
  numeroSecu: Schema.NullOr(Schema.String),
});

/** `POST /api/police-assures/{idAssure}/anonymise`: the state after the request. */
export const Anonymisation = Schema.Struct({
  idAssure: Schema.Number,
  anonymised: Schema.Boolean,
  anonymisedAt: Schema.NullOr(Schema.String),
  /** The end of the retention period (yyyy-MM-dd); null while the contract runs. */
  retainedUntil: Schema.NullOr(Schema.String),
});
export type Anonymisation = typeof Anonymisation.Type;
