/**
 * The problems of the message routes, in the constraint-violation shape of the catalogue
 * (`http/problems.ts`) with a detail a person can read (which file, which limit).
 */
import { type FieldError, httpProblem, PROBLEM_BASE_URL, Problem, ProblemType } from '../http/problems.ts';

export const OBJECT_NAME = 'message';

export function invalid(
  field: string,
  constraint: string,
  detail: string,
  path: string,
  params?: Record<string, unknown>,
): Problem {
  const fieldErrors: FieldError[] = [{ objectName: OBJECT_NAME, field, message: constraint }];
  return new Problem({
    type: ProblemType.CONSTRAINT_VIOLATION,
    title: 'Method argument not valid',
    status: 400,
    detail,
    path,
    message: 'error.validation',
    ...(params ? { params } : {}),
    fieldErrors,
  });
}

/** The mail server refused or could not be reached; `kept` says whether the message waits for a retry. */
export function mailUnavailable(path: string, kept: boolean, retrySeconds: number): Problem {
  return new Problem(
    {
      type: `${PROBLEM_BASE_URL}/mail-unavailable`,
      title: 'Service Unavailable',
      status: 503,
      detail: kept
        ? 'The mail server is unavailable. Your message has been kept and will be sent automatically as soon as it is back: do not send it again.'
        : 'The mail server is unavailable and the message could not be kept. Please try again later.',
      path,
      message: kept ? 'error.mail.queued' : 'error.mail.unavailable',
      params: { kept },
    },
    kept ? { 'Retry-After': String(retrySeconds) } : {},
  );
}

/** The server's disk is full: nothing was sent or kept, and the caller should try again later. */
export function outOfSpace(path: string): Problem {
  return httpProblem(
    507,
    'The server is out of storage space: your message was not sent and nothing of it was kept. Please try again later.',
    path,
  );
}
