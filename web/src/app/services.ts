import {
  type ApiRuntime,
  type AppEvents,
  createAppEvents,
  listSpecNamed,
  makeApiRuntime,
  provideAuth,
  type TokenStore,
} from '@extranet/core';
import type { i18n } from 'i18next';
import { type Actor, createActor } from 'xstate';
import { earlyFetch } from '../shared/earlyFetch.ts';
import { createI18n } from '../shared/i18n.ts';
import { browserTokenStore, xsrfCookie } from '../shared/tokenStore.ts';
import { firstPageUrl } from './earlyList.ts';

export type AuthActor = Actor<ReturnType<typeof provideAuth>>;

/** Everything the screens share: one event stream, one API runtime, one auth actor, one i18n. */
export interface Services {
  readonly events: AppEvents;
  readonly runtime: ApiRuntime;
  readonly auth: AuthActor;
  readonly i18n: i18n;
  /** Set by the router once mounted, so the auth machine's redirects go through it. */
  navigate: (url: string) => void;
}

export interface ServicesOptions {
  readonly baseUrl?: string;
  readonly tokens?: TokenStore;
  readonly i18n?: i18n;
  /** Replaces the real auth actors (tests): receives the API-wired machine. */
  readonly authLogic?: (logic: ReturnType<typeof provideAuth>) => ReturnType<typeof provideAuth>;
}

/**
 * Builds and starts the services. A stored token triggers `identity.reload` before the first
 * render, so guards see `restoring` rather than a signed-out visitor.
 */
export const createServices = (options: ServicesOptions = {}): Services => {
  const events = createAppEvents();
  const tokens = options.tokens ?? browserTokenStore();
  // '.' drops the hash and the query: the API lives beside index.html, whatever the prefix.
  const baseUrl = options.baseUrl ?? new URL('.', window.location.href).toString();
  const early = earlyFetch();
  const runtime = makeApiRuntime(
    { baseUrl, tokens, xsrfToken: () => xsrfCookie(), events },
    { fetch: early.fetch },
  );
  const services: Services = {
    events,
    runtime,
    i18n: options.i18n ?? createI18n(),
    navigate: (url) => {
      window.location.hash = `#${url}`;
    },
    auth: undefined as unknown as AuthActor,
  };
  const logic = provideAuth(runtime, (url) => services.navigate(url));
  const auth = createActor(options.authLogic?.(logic) ?? logic);
  (services as { auth: AuthActor }).auth = auth;
  auth.start();
  events.subscribe((event) => {
    // Where the user was (the hash route, with its list state): signing in again returns there.
    if (event.type === 'session.expired')
      auth.send({ type: 'session.expired', url: window.location.hash.replace(/^#/, '') || '/' });
  });
  const token = tokens.load();
  if (token !== undefined) {
    auth.send({ type: 'identity.reload' });
    // A list's address: its saved lists are asked for with the account check, not once the
    // screen renders after it (the list waits for them to pick its default one), and so is a
    // portfolio list's first page (unclaimed when a default saved list replaces the address).
    const [path = '', search = ''] = window.location.hash.replace(/^#/, '').split('?');
    const spec = listSpecNamed(path.split('/')[1] ?? '');
    if (spec !== undefined && path === `/${spec.name}`)
      early.ask(`${baseUrl}api/saved-filters?list=${encodeURIComponent(spec.name)}`, token);
    const firstPage = firstPageUrl(baseUrl, path, search);
    if (firstPage !== undefined) early.ask(firstPage, token);
  }
  return services;
};
