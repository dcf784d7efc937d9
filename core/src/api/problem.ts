import { Schema } from 'effect';

/** A JHipster `application/problem+json` body (docs/api-conventions.md §3). Every field is optional on the wire. */
export const Problem = Schema.Struct({
  type: Schema.optional(Schema.String),
  title: Schema.optional(Schema.String),
  status: Schema.optional(Schema.Number),
  detail: Schema.optional(Schema.String),
  path: Schema.optional(Schema.String),
  message: Schema.optional(Schema.String),
  params: Schema.optional(Schema.Unknown),
  fieldErrors: Schema.optional(
    Schema.Array(Schema.Struct({ objectName: Schema.String, field: Schema.String, message: Schema.String })),
  ),
});
export type Problem = typeof Problem.Type;

/** Parses a response body into a problem when it is one; anything else gives undefined. */
export const parseProblem = (text: string): Problem | undefined => {
  if (text.trim() === '') return undefined;
  try {
    return Schema.decodeUnknownSync(Problem)(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/** The JHipster problem type suffix (`login-already-used`…), whatever the URL base. */
export const problemKind = (problem: Problem | undefined): string | undefined =>
  problem?.type?.split('/').pop();
