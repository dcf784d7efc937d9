import { DecodeError, HttpError, ServerUnreachable } from '../api/errors.ts';
import { parseProblem } from '../api/problem.ts';

const http = (status: number, body: unknown, url = 'http://x/api') => {
  const text = body === '' ? '' : JSON.stringify(body);
  const problem = parseProblem(text);
  return new HttpError({ status, url, body: text, ...(problem === undefined ? {} : { problem }) });
};

/** A refusal by status alone (`error.http.<status>`, no detail) of the call to `url`. */
export const statusError = (status: number, url: string) =>
  new HttpError({
    status,
    url,
    body: '{}',
    problem: { type: 'about:blank', status, message: `error.http.${status}` },
  });

/** The failures every machine is tested against (bad input of every kind). */
export const sampleErrors = {
  unreachable: new ServerUnreachable({ url: 'http://x/api', reason: 'ECONNREFUSED' }),
  fieldErrors: http(400, {
    status: 400,
    message: 'error.validation',
    fieldErrors: [{ objectName: 'x', field: 'email', message: 'Email' }],
  }),
  unauthorized: http(401, {
    status: 401,
    detail: 'Full authentication is required',
    message: 'error.http.401',
  }),
  notFound: http(404, { status: 404, message: 'error.http.404' }),
  malformed: new DecodeError({ url: 'http://x/api', message: 'Expected number' }),
  problem: (status: number, type: string) =>
    http(status, { type: `https://www.jhipster.tech/problem/${type}`, status, title: type }),
};
