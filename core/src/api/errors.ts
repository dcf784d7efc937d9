import { Schema } from 'effect';
import { Problem } from './problem.ts';

/** The server could not be reached (docs/product.md §8: status 0, "Server not reachable"). */
export class ServerUnreachable extends Schema.TaggedError<ServerUnreachable>()('ServerUnreachable', {
  url: Schema.String,
  reason: Schema.String,
}) {
  get status(): number {
    return 0;
  }
}

/** The server answered with a non-2xx status; the problem body and alert headers are kept. */
export class HttpError extends Schema.TaggedError<HttpError>()('HttpError', {
  status: Schema.Number,
  url: Schema.String,
  body: Schema.String,
  problem: Schema.optional(Problem),
  errorKey: Schema.optional(Schema.String),
  errorParam: Schema.optional(Schema.String),
}) {}

/** The server answered 2xx with a body that does not match its schema. */
export class DecodeError extends Schema.TaggedError<DecodeError>()('DecodeError', {
  url: Schema.String,
  message: Schema.String,
}) {
  get status(): number {
    return 200;
  }
}

export type ApiError = ServerUnreachable | HttpError | DecodeError;

/** True when an unknown failure is one of the client's typed errors. */
export const isApiError = (error: unknown): error is ApiError =>
  error instanceof ServerUnreachable || error instanceof HttpError || error instanceof DecodeError;
