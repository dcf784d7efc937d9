/**
 * The problem body every problem answer of the API carries (JHipster's `application/problem+json`,
 * docs/api-conventions.md §3), as the server always sends it: what the document names `Problem`
 * and `FieldError`. The client reads problems leniently (`api/problem.ts`: every field optional).
 */
import { Schema } from 'effect';

const described = (description: string) => Schema.String.annotations({ description });

/** One refused field: every property always sent, no other. */
const FieldErrorAnswer = Schema.Struct({
  objectName: Schema.String,
  field: Schema.String,
  message: described('constraint: NotNull, Size, Pattern…'),
}).annotations({ identifier: 'FieldError' });

/** Type, title and status always; the rest when they say something; other properties allowed. */
export const ProblemAnswer = Schema.Struct(
  {
    type: Schema.String.annotations({
      jsonSchema: { type: 'string', format: 'uri', description: 'http://www.jhipster.tech/problem/<suffix>' },
    }),
    title: Schema.String,
    status: Schema.Int.annotations({ description: 'the HTTP status' }),
    detail: Schema.optional(Schema.String),
    path: Schema.optional(Schema.String),
    message: Schema.optional(described('i18n key, e.g. error.validation')),
    params: Schema.optional(
      Schema.Unknown.annotations({ description: 'entity name or parameters of the message' }),
    ),
    fieldErrors: Schema.optional(Schema.Array(FieldErrorAnswer)),
  },
  Schema.Record({ key: Schema.String, value: Schema.Unknown }),
).annotations({ identifier: 'Problem' });
