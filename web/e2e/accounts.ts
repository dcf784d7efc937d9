import { inject } from 'vitest';
import { mailedKey } from './outbox.ts';

/** A password the account rules accept (12+ characters, mixed classes). */
export const PASSWORD = 'Walker-2026!ok';

/** Calls the e2e server from the test process (setup and clean-up a user would not see). */
export const callApi = async (path: string, init: RequestInit & { token?: string } = {}) => {
  const { token, ...rest } = init;
  const response = await fetch(`${inject('baseUrl')}/${path}`, {
    ...rest,
    headers: {
      ...(rest.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(rest.headers ?? {}),
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
};

export const tokenOf = async (username: string, password = username): Promise<string> => {
  const response = await callApi('api/authenticate', {
    method: 'POST',
    body: JSON.stringify({ username, password, rememberMe: false }),
  });
  return ((await response.json()) as { id_token: string }).id_token;
};

export const emailOf = (login: string) => `${login}@e2e.example.com`;

/** Registers `login` through the public API and activates it with the mailed key. */
export const registerAndActivate = async (login: string, password = PASSWORD) => {
  await callApi('api/register', {
    method: 'POST',
    body: JSON.stringify({ login, email: emailOf(login), password, langKey: 'fr' }),
  });
  const key = mailedKey(emailOf(login), 'activate');
  if (key === undefined) throw new Error(`no activation mail for ${login}`);
  await callApi(`api/activate?key=${key}`);
};

/** Asks for a password reset of `login`'s address and returns the mailed key. */
export const resetKeyOf = async (login: string): Promise<string> => {
  const before = mailedKey(emailOf(login), 'reset/finish');
  await callApi('api/account/reset-password/init', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: emailOf(login),
  });
  const key = mailedKey(emailOf(login), 'reset/finish');
  if (key === undefined || key === before) throw new Error(`no new reset mail for ${login}`);
  return key;
};
