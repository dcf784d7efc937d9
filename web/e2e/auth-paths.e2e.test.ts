import { authMachine } from '@extranet/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { toModelMachine } from '../../core/src/testing/modelPaths.ts';
import { launchChromium } from './chromium.ts';
import { describeWalk, type ModelState, toUserWalks, type UserStep } from './modelPathsInBrowser.ts';
import { fillSignIn, VIEWPORT } from './page.ts';

/**
 * Core's auth machine paths replayed through the real page (project rule: model paths also
 * in the browser where the machine drives a screen). The model offers only what a user can
 * cause; the invoked actors' outcomes happen by themselves, so each is folded into the user
 * event that causes it (a failed sign-in is typed with a wrong password).
 */
const TOKEN = 'jhi-authenticationToken';
const GUARDED = '/settings';
const credentials = (rememberMe: boolean) => ({ username: 'courtier', password: 'courtier', rememberMe });

const events: EventObject[] = [
  { type: 'modal.open' },
  { type: 'modal.close' },
  { type: 'access.denied', url: GUARDED } as EventObject,
  { type: 'signIn.submit', credentials: credentials(true) } as EventObject,
  { type: 'signIn.submit', credentials: credentials(false) } as EventObject,
  { type: 'signOut' },
  { type: 'xstate.done.actor.signIn', output: { token: 'token', recoveryCodes: [] } } as EventObject,
  { type: 'xstate.error.actor.signIn', error: { status: 401 } } as EventObject,
  { type: 'xstate.done.actor.loadAccount', output: { login: 'courtier' } } as EventObject,
];

type Submit = { type: 'signIn.submit'; credentials: ReturnType<typeof credentials> };

const USER_EVENTS = new Set(['modal.open', 'modal.close', 'access.denied', 'signIn.submit', 'signOut']);

const ACTOR_EVENTS = new Set(events.map((e) => e.type).filter((type) => type.startsWith('xstate.')));
const model = createTestModel(toModelMachine(authMachine), {
  events: events as never,
  // What the page allows: users act only once requests settle, and the form is in the modal.
  filterEvents: (snapshot, event) => {
    const busy = snapshot.hasTag('busy');
    if (ACTOR_EVENTS.has(event.type)) return busy;
    if (!USER_EVENTS.has(event.type) || busy) return false;
    return event.type !== 'signIn.submit' || snapshot.hasTag('modalOpen');
  },
});
// Shortest paths forget the stored target (signed-in states look alike), so walk that one too.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([events[2], events[4], events[6], events[8]] as never),
];
const walks = toUserWalks(paths, {
  transient: (state) => state.hasTag('busy'),
  adapt: ({ event, actorEvents, before }) => {
    // The model also walks the machine's own events (identity.reload, session.expired…): not the user's.
    if (!USER_EVENTS.has(event.type)) return undefined;
    if (event.type !== 'signIn.submit') return actorEvents.length === 0 ? event : undefined;
    // The form is only there while the modal is open.
    if (!before.hasTag('modalOpen')) return undefined;
    const outcome = actorEvents.map((e) => e.type).join(',');
    const submit = event as Submit;
    if (outcome === 'xstate.done.actor.signIn,xstate.done.actor.loadAccount') return submit;
    if (outcome === 'xstate.error.actor.signIn')
      return { ...submit, credentials: { ...submit.credentials, password: 'wrong-password' } } as EventObject;
    return undefined;
  },
});

const label = (event: EventObject) =>
  event.type === 'signIn.submit'
    ? `submit ${(event as Submit).credentials.password}${(event as Submit).credentials.rememberMe ? ' +remember' : ''}`
    : event.type;

const openAccountMenu = (page: Page) => page.getByRole('button', { name: 'Compte' }).click();

/** Performs one user event through the page, as a user would. */
const perform = async (page: Page, baseUrl: string, event: EventObject) => {
  switch (event.type) {
    case 'modal.open':
      await openAccountMenu(page);
      await page.getByRole('button', { name: 'Connexion' }).click();
      return;
    case 'modal.close':
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
      return;
    case 'access.denied':
      await page.goto(`${baseUrl}/#${(event as EventObject & { url: string }).url}`);
      return;
    case 'signIn.submit': {
      const { username, password, rememberMe } = (event as Submit).credentials;
      await fillSignIn(page, username, password, rememberMe);
      return;
    }
    case 'signOut':
      await openAccountMenu(page);
      await page.getByRole('button', { name: 'Déconnexion' }).click();
      return;
    default:
      throw new Error(`no UI for ${event.type}`);
  }
};

const storedTokens = (page: Page) =>
  page.evaluate((key) => [localStorage.getItem(key) !== null, sessionStorage.getItem(key) !== null], TOKEN);

const hashOf = (page: Page) => new URL(page.url()).hash;

/** Asserts what the model state promises on the settled page. */
const check = async (page: Page, step: Pick<UserStep, 'event' | 'state' | 'before'>) => {
  const { state, before, event } = step;
  const context = state.context as { rememberMe: boolean; targetUrl: string | null };
  const dialog = page.getByRole('dialog');
  if (state.matches('signedIn' as never)) {
    const target = (before.context as { targetUrl: string | null }).targetUrl ?? '/dashboard';
    await page.waitForURL((url) => url.hash === `#${target}`);
    await dialog.waitFor({ state: 'detached' });
    if (target === '/dashboard')
      expect(await page.getByTestId('account-login').textContent()).toBe('Connecté en tant que courtier');
    // Remember-me picks the store.
    expect(await storedTokens(page)).toEqual([context.rememberMe, !context.rememberMe]);
    return;
  }
  if (state.matches({ anonymous: 'failed' } as never)) {
    const banner = page.getByTestId('sign-in-error');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Échec de la connexion !');
    expect(await dialog.isVisible()).toBe(true);
  } else if (state.matches({ anonymous: 'open' } as never)) {
    await dialog.waitFor();
    expect(await page.getByTestId('sign-in-error').count()).toBe(0);
  } else if (state.matches({ anonymous: 'closed' } as never)) {
    await dialog.waitFor({ state: 'hidden' });
  } else {
    throw new Error(`no UI check for ${JSON.stringify(state.value)}`);
  }
  if (event.type === 'access.denied') await page.waitForURL((url) => url.hash === '#/accessdenied');
  if (event.type === 'signOut') await expect.poll(() => hashOf(page)).toMatch(/^(#\/?)?$/);
  expect(await storedTokens(page)).toEqual([false, false]);
};

describe('auth machine paths in the browser', () => {
  let browser: Browser;
  let replayed = 0;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    console.log(`auth machine: ${replayed} of ${walks.length} model paths replayed in Chromium`);
    await browser?.close();
  });

  it('has user walks reaching every state a user can reach', () => {
    const reached = new Set(walks.flatMap((walk) => walk.map((step) => JSON.stringify(step.state.value))));
    expect([...reached].sort()).toEqual(
      [
        '{"anonymous":"closed"}',
        '{"anonymous":"failed"}',
        '{"anonymous":"open"}',
        '{"signedIn":"idle"}',
      ].sort(),
    );
  });

  for (const walk of walks) {
    // Signing out from the timeline once opened the sign-in modal (the guard saw no account
    // before the redirect to / landed); these walks found it and now replay it whole.
    const steps = walk;
    it(describeWalk(steps, label), async () => {
      const baseUrl = inject('baseUrl');
      // A fresh context per path: empty storage, nobody signed in.
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        await page.goto(`${baseUrl}/`);
        await page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre extranet !' }).waitFor();
        const initial = walk[0]?.before as ModelState;
        await check(page, { event: { type: 'xstate.init' }, state: initial, before: initial });
        for (const step of steps) {
          await perform(page, baseUrl, step.event);
          await page.waitForLoadState('networkidle');
          await check(page, step);
        }
        expect(pageErrors).toEqual([]);
        replayed++;
      } finally {
        await context.close();
      }
    });
  }
});
