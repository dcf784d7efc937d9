/**
 * Every error the API answers is an `application/problem+json` body in the JHipster 4.x shapes
 * (docs/api-conventions.md §3). This file is the one table of them: routes throw `Problem`s made here,
 * and the error handler turns anything else into the generic framework shape.
 */
import { STATUS_CODES } from 'node:http';
import { PROBLEM_BASE_URL } from '@extranet/core/contract/endpoint.ts';

export { PROBLEM_BASE_URL };

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
/** JHipster's `<baseName>App`: the prefix of the alert headers. */
export const APP_NAME = 'extranetApp';

export const ProblemType = {
  DEFAULT: `${PROBLEM_BASE_URL}/problem-with-message`,
  CONSTRAINT_VIOLATION: `${PROBLEM_BASE_URL}/constraint-violation`,
  PARAMETERIZED: `${PROBLEM_BASE_URL}/parameterized`,
  ENTITY_NOT_FOUND: `${PROBLEM_BASE_URL}/entity-not-found`,
  INVALID_PASSWORD: `${PROBLEM_BASE_URL}/invalid-password`,
  EMAIL_ALREADY_USED: `${PROBLEM_BASE_URL}/email-already-used`,
  LOGIN_ALREADY_USED: `${PROBLEM_BASE_URL}/login-already-used`,
  EMAIL_NOT_FOUND: `${PROBLEM_BASE_URL}/email-not-found`,
  INVALID_KEY: `${PROBLEM_BASE_URL}/invalid-key`,
  TOO_MANY_REQUESTS: `${PROBLEM_BASE_URL}/too-many-requests`,
} as const;

export interface FieldError {
  readonly objectName: string;
  readonly field: string;
  /** The constraint's name: NotNull, NotBlank, Size, Min, Max, Pattern, Email. */
  readonly message: string;
}

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly path?: string;
  /** An i18n key such as `error.validation`. */
  readonly message?: string;
  readonly params?: unknown;
  readonly fieldErrors?: readonly FieldError[];
}

/** A problem to answer; throw it from a route or a hook. */
export class Problem extends Error {
  override name = 'Problem';
  readonly body: ProblemBody;
  readonly headers: Readonly<Record<string, string>>;
  constructor(body: ProblemBody, headers: Readonly<Record<string, string>> = {}) {
    super(body.detail ?? body.title);
    this.body = body;
    this.headers = headers;
  }
  get status(): number {
    return this.body.status;
  }
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The shape Spring gives framework errors: reason phrase, detail, path and `error.http.<status>`. */
export function httpProblem(status: number, detail: string | undefined, path?: string): Problem {
  return new Problem({
    type: ProblemType.DEFAULT,
    title: reasonPhrase(status),
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(path === undefined ? {} : { path }),
    message: `error.http.${status}`,
  });
}

/** Failure alert headers of docs/api-conventions.md §4. */
export function errorHeaders(errorKey: string, entityName: string): Record<string, string> {
  return { [`X-${APP_NAME}-error`]: `error.${errorKey}`, [`X-${APP_NAME}-params`]: entityName };
}

/** Success alert headers of docs/api-conventions.md §4 (`userManagement.created`, `extranetApp.police.updated`). */
export function alertHeaders(key: string, param: string | number): Record<string, string> {
  return {
    [`X-${APP_NAME}-alert`]: key,
    [`X-${APP_NAME}-params`]: encodeURIComponent(String(param)),
  };
}

/** The catalogue of coded problems. */
export const problems = {
  badCredentials: (path: string) => httpProblem(401, 'Bad credentials', path),
  notActivated: (login: string, path: string) => httpProblem(401, `User ${login} was not activated`, path),
  unauthorized: (path: string, detail = 'Full authentication is required to access this resource') =>
    httpProblem(401, detail, path),
  forbidden: (path: string) => httpProblem(403, 'Access is denied', path),
  notFound: (path: string, detail?: string) => httpProblem(404, detail, path),
  entityNotFound: (entityName: string, path?: string) =>
    new Problem({
      type: ProblemType.ENTITY_NOT_FOUND,
      title: 'Not Found',
      status: 404,
      detail: `${entityName} not found`,
      ...(path === undefined ? {} : { path }),
      message: 'error.http.404',
      params: entityName,
    }),
  badRequest: (detail: string, path?: string, messageKey = 'error.http.400') =>
    new Problem({
      type: ProblemType.DEFAULT,
      title: 'Bad Request',
      status: 400,
      detail,
      ...(path === undefined ? {} : { path }),
      message: messageKey,
    }),
  validation: (fieldErrors: readonly FieldError[], path?: string) =>
    new Problem({
      type: ProblemType.CONSTRAINT_VIOLATION,
      title: 'Method argument not valid',
      status: 400,
      ...(path === undefined ? {} : { path }),
      message: 'error.validation',
      fieldErrors,
    }),
  parameterized: (messageKey: string, ...params: string[]) =>
    new Problem({
      type: ProblemType.PARAMETERIZED,
      title: 'Parameterized Exception',
      status: 400,
      message: messageKey,
      params: Object.fromEntries(params.map((p, i) => [`param${i}`, p])),
    }),
  loginAlreadyUsed: () =>
    new Problem(
      {
        type: ProblemType.LOGIN_ALREADY_USED,
        title: 'Login already in use',
        status: 400,
        message: 'error.userexists',
        params: 'userManagement',
      },
      errorHeaders('userexists', 'userManagement'),
    ),
  emailAlreadyUsed: () =>
    new Problem(
      {
        type: ProblemType.EMAIL_ALREADY_USED,
        title: 'Email address already in use',
        status: 400,
        message: 'error.emailexists',
        params: 'userManagement',
      },
      errorHeaders('emailexists', 'userManagement'),
    ),
  idExists: (entityName: string) =>
    new Problem(
      {
        type: ProblemType.DEFAULT,
        title: `A new ${entityName === 'userManagement' ? 'user' : entityName} cannot already have an ID`,
        status: 400,
        message: 'error.idexists',
        params: entityName,
      },
      errorHeaders('idexists', entityName),
    ),
  invalidPassword: (detail?: string) =>
    new Problem({
      type: ProblemType.INVALID_PASSWORD,
      title: 'Incorrect password',
      status: 400,
      ...(detail === undefined ? {} : { detail }),
      message: 'error.invalidPassword',
    }),
  emailNotFound: () =>
    new Problem({
      type: ProblemType.EMAIL_NOT_FOUND,
      title: 'Email address not registered',
      status: 400,
      message: 'error.emailNotFound',
    }),
  /** A bad activation or reset key: 400 by our deliberate difference from JHipster's 500. */
  invalidKey: (detail: string, messageKey: string) =>
    new Problem({ type: ProblemType.INVALID_KEY, title: detail, status: 400, detail, message: messageKey }),
  /** `message`: an i18n key saying which limit (default: too many attempts). */
  tooManyRequests: (retryAfterSeconds: number, path?: string, message = 'error.http.429') =>
    new Problem(
      {
        type: ProblemType.TOO_MANY_REQUESTS,
        title: 'Too Many Requests',
        status: 429,
        detail: `Too many attempts; retry in ${retryAfterSeconds} s`,
        ...(path === undefined ? {} : { path }),
        message,
        params: { retryAfter: retryAfterSeconds },
      },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  /** An error not meant for the caller: nothing of its text is shown. */
  internal: (path?: string) => httpProblem(500, 'An unexpected error occurred', path),
} as const;
