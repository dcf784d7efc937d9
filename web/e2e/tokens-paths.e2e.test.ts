import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventObject } from 'xstate';
import { callApi, PASSWORD, tokenOf } from './accounts.ts';
import { launchChromium } from './chromium.ts';
import { eventually } from './eventually.ts';
import { describeWalk, type ModelState, reachedValues, type UserStep } from './modelPathsInBrowser.ts';
import { screenshot, VIEWPORT } from './page.ts';
import { ctx, label, walks } from './tokensWalks.ts';

/**
 * Core's personalTokens machine replayed through the settings' tokens card: the shortest path to
 * each state the card can show, plus each step back into one already seen (tokensWalks.ts). Each
 * walk has an account of its own, so its rows are the model's. Where the path says a call fails,
 * the walk makes it fail on the way (the request aborted: the server unreachable); where it says
 * the token is gone, the walk revokes it through the API first, as another tab would, and the
 * server answers the card's revocation with its 404.
 */
const RUN = Date.now().toString(36);
const TOKENS = /\/api\/account\/tokens(\/\d+)?$/;

let admin = '';

/** An accountant of C0001 with no token yet; returns the session token of its first sign-in. */
const walker = async (login: string) => {
  await callApi('api/users', {
    method: 'POST',
    token: admin,
    body: JSON.stringify({
      login,
      email: `${login}@e2e.example.com`,
      firstName: 'Théo',
      lastName: 'Jeton',
      marque: 'UCR',
      codeCourtier: 'C0001',
      activated: true,
      langKey: 'fr',
      authorities: ['ROLE_USER', 'ROLE_COMPTA'],
      password: PASSWORD,
    }),
  });
  return tokenOf(login, PASSWORD);
};

const card = (page: Page) => page.getByTestId('tokens-card');

const abort = (method: string) => (route: import('playwright-core').Route) =>
  route.request().method() === method ? route.abort() : route.continue();

const perform = async (page: Page, step: UserStep, session: string) => {
  const e = step.event as EventObject & { token?: { name: string }; fails?: string };
  if (e.fails === 'createToken') await page.route(TOKENS, abort('POST'));
  if (e.fails === 'revokeToken') await page.route(TOKENS, abort('DELETE'));
  switch (e.type) {
    case 'create':
      await card(page)
        .getByLabel('Nom du jeton')
        .fill(e.token?.name ?? '');
      return card(page).getByRole('button', { name: 'Créer le jeton' }).click();
    case 'revoke': {
      if (e.fails === 'gone') {
        const [listed] = (await (await callApi('api/account/tokens', { token: session })).json()) as {
          id: number;
        }[];
        await callApi(`api/account/tokens/${listed?.id}`, { method: 'DELETE', token: session });
      }
      return card(page).getByRole('button', { name: 'Révoquer le jeton CRM' }).click();
    }
    case 'dismiss':
      return card(page).getByRole('button', { name: 'J’ai copié le jeton' }).click();
    case 'retry':
      await page.unrouteAll();
      return card(page).getByRole('button', { name: 'Réessayer' }).click();
    default:
      throw new Error(`no UI for ${e.type}`);
  }
};

const MESSAGES: Readonly<Record<string, string>> = {
  'settings.tokens.nameRequired': 'Donnez un nom au jeton.',
  'error.url.not.found': 'Introuvable',
};

/** Asserts what the model state promises on the settled card. */
const check = async (page: Page, state: ModelState) => {
  const c = ctx(state);
  const error = card(page).getByTestId('tokens-error');
  const rows = card(page).getByTestId('token-row');
  if (state.matches('failure' as never)) {
    await error.getByText('Serveur injoignable').waitFor();
    await card(page).getByRole('button', { name: 'Réessayer' }).waitFor();
    expect(await rows.count()).toBe(c.tokens.length);
    return;
  }
  expect(state.value).toBe('idle');
  await eventually(() => card(page).getByRole('button', { name: 'Créer le jeton' }).isEnabled()).toBe(true);
  await eventually(() => rows.count()).toBe(c.tokens.length);
  expect(await card(page).getByText('Aucun jeton.').count()).toBe(c.tokens.length === 0 ? 1 : 0);
  if (c.tokens.length === 1) {
    const text = await rows.first().innerText();
    expect(text).toContain('CRM');
    expect(text).toContain('Lecture');
    expect(text).toContain('Jamais');
  }
  await eventually(() => error.count()).toBe(c.error === null ? 0 : 1);
  if (c.error !== null)
    expect(await error.innerText()).toContain(MESSAGES[c.error.key] ?? 'Serveur injoignable');
  // A created token empties the name; a refused one keeps what was typed.
  if (c.created !== null && c.error === null)
    expect(await card(page).getByLabel('Nom du jeton').inputValue()).toBe('');
  const secret = card(page).getByTestId('token-secret');
  expect(await secret.count()).toBe(c.created === null ? 0 : 1);
  if (c.created !== null)
    expect(await secret.locator('code').textContent()).toMatch(/^ext_pat_[A-Za-z0-9_-]{43}$/);
  const done = card(page).getByTestId('tokens-done');
  const shown = c.done !== null && c.created === null;
  expect(await done.count()).toBe(shown ? 1 : 0);
  if (shown) expect(await done.innerText()).toBe(c.done === 'created' ? 'Jeton créé.' : 'Jeton révoqué.');
};

describe('personalTokens machine paths in the browser', () => {
  let browser: Browser;
  let replayed = 0;
  let shot = false;
  beforeAll(async () => {
    browser = await launchChromium();
    admin = await tokenOf('admin');
  });
  afterAll(async () => {
    console.log(
      `personalTokens machine: ${replayed} of ${walks.length} shortest model paths replayed in Chromium`,
    );
    await browser?.close();
  });

  it('has walks to every state the card can show, a token gone included', () => {
    const failing = walks.find((walk) => walk[0]?.before.matches('failure' as never));
    expect(reachedValues(walks, failing?.[0]?.before)).toEqual(['"failure"', '"idle"']);
    expect(
      walks.some((walk) => walk.some((step) => (step.event as { fails?: string }).fails === 'gone')),
    ).toBe(true);
  });

  walks.forEach((walk, index) => {
    it(describeWalk(walk, label), async () => {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const session = await walker(`tokens-${RUN}-${index}`);
        if (walk[0]?.before.matches('failure' as never)) await page.route(TOKENS, abort('GET'));
        await page.goto(`${inject('baseUrl')}/`);
        await page.evaluate((value) => sessionStorage.setItem('jhi-authenticationToken', value), session);
        await page.reload();
        await page.waitForURL(/#\/(timeline|dashboard)/);
        await page.goto(`${inject('baseUrl')}/#/settings`);
        await card(page).getByRole('heading', { name: 'Jetons d’accès personnels' }).waitFor();
        await check(page, walk[0]?.before as ModelState);
        for (const step of walk) {
          await perform(page, step, session);
          await page.waitForLoadState('networkidle');
          await check(page, step.state);
          await page.unrouteAll();
          if ((step.event as { fails?: string }).fails === 'gone' && !shot) {
            shot = true;
            await screenshot(page, 'tokens-paths-gone');
          }
        }
        // The server holds what the card shows.
        const held = (await (await callApi('api/account/tokens', { token: session })).json()) as unknown[];
        expect(held).toHaveLength(ctx(walk.at(-1)?.state as ModelState).tokens.length);
        expect(errors).toEqual([]);
        replayed++;
      } finally {
        await context.close();
      }
    });
  });
});
