import { type Account, memoryTokenStore } from '@extranet/core';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import { App } from '../app/App.tsx';
import { createServices } from '../app/services.ts';
import { createI18n } from '../shared/i18n.ts';

export const courtier = {
  login: 'courtier',
  firstName: 'Claire',
  lastName: 'Courtier',
  email: 'courtier@example.com',
  imageUrl: null,
  activated: true,
  langKey: 'fr',
  authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'],
  marque: 'UCR',
  codeCourtier: 'C0001',
} as unknown as Account;

export interface StubAuth {
  /** What the sign-in call does with the credentials. */
  readonly signIn?: (credentials: { username: string; password: string }) => Promise<string>;
  readonly account?: Account;
  readonly token?: string;
  readonly ribbonEnv?: string;
}

/** Answers the calls the shell makes by itself (profile-info); anything else is a 404. */
export const stubFetch = (ribbonEnv: string | null = null) => {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push(url);
    if (url.endsWith('api/profile-info')) {
      return new Response(JSON.stringify({ activeProfiles: ['dev'], ribbonEnv }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('', { status: 404 });
  });
  return calls;
};

/** The whole app at a hash URL with the auth actors stubbed (no socket opens). */
export const renderApp = (hash = '#/', stub: StubAuth = {}) => {
  window.location.hash = hash;
  stubFetch(stub.ribbonEnv ?? null);
  const services = createServices({
    baseUrl: 'http://extranet.test/',
    tokens: memoryTokenStore(stub.token),
    i18n: createI18n('fr'),
    authLogic: (logic) =>
      logic.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => ({
            token: await (stub.signIn ?? (async () => 'token'))(input),
            recoveryCodes: [],
          })),
          loadAccount: fromPromise(async () => stub.account ?? courtier),
        },
      }),
  });
  return { services, ...render(<App services={services} />) };
};
