import { fileURLToPath } from 'node:url';
import { type AlertSettingsContext, alertSettingsMachine, EVENT_TYPES } from '@extranet/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { PASSWORD } from './accounts.ts';
import { launchChromium } from './chromium.ts';
import { eventually } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
} from './modelPathsInBrowser.ts';
import { screenshot, VIEWPORT } from './page.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Core's alert settings machine replayed through the settings' alerts card, as a broker of
 * C0001 (ROLE_PORTEFEUILLE) would: the shortest path to each state the card can show, plus each
 * step back into one already seen. Each walk has an account of its own, created before the
 * import that gives every one of them the same unread events, so every walk starts from the
 * role defaults (IMP, MED, CTX, digest on) with those events unread.
 *
 * The server decides the outcomes: a save stores what the card shows (the model's answer is the
 * one matching the card) and keeps the count (the boxes walked, AFN and REV, have no unread
 * event: the import adds unpaid events only). The browser never sends what the server refuses,
 * so where the path says a call fails, the walk makes it fail on the way: a load finds the
 * server unreachable (the request aborted), a save or a reading reaches the real server with a
 * body it refuses (a type listed twice, a negative mark), which answers with its own message.
 *
 * On a server of its own: the import's events must not reach the shared server's other walks.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const RUN = Date.now().toString(36);
type AlertType = (typeof EVENT_TYPES)[number];

/** The role defaults, as the model's load answers them; `unread` stands for the import's count. */
const DEFAULTS: readonly AlertType[] = ['IMP', 'MED', 'CTX'];
const UNREAD = 1;
const UP_TO = 1;
const WALKED: readonly AlertType[] = ['AFN', 'REV'];

const ordered = (types: readonly AlertType[]) => EVENT_TYPES.filter((type) => types.includes(type));
const choices = [[], ['AFN'], ['REV'], ['AFN', 'REV']].map((extra) =>
  ordered([...DEFAULTS, ...(extra as AlertType[])]),
);
/** The server's answer to each save the card can send: what it stores, and the count as it stands. */
const saveAnswers = choices.flatMap((types) =>
  [true, false].flatMap((digest) =>
    [UNREAD, 0].map(
      (unread) =>
        ({
          type: 'xstate.done.actor.saveSettings',
          output: { types, digest, chosen: true, unread, upTo: UP_TO },
        }) as EventObject,
    ),
  ),
);

const events: EventObject[] = [
  { type: 'retry' },
  ...WALKED.map((code) => ({ type: 'type.toggle', code }) as EventObject),
  { type: 'digest.toggle' },
  { type: 'save' },
  { type: 'markRead' },
  {
    type: 'xstate.done.actor.loadSettings',
    output: { types: DEFAULTS, digest: true, chosen: false, unread: UNREAD, upTo: UP_TO },
  } as EventObject,
  { type: 'xstate.error.actor.loadSettings', error: new Error('unreachable') } as EventObject,
  ...saveAnswers,
  { type: 'xstate.error.actor.saveSettings', error: new Error('refused') } as EventObject,
  { type: 'xstate.done.actor.markRead', output: { unread: 0, upTo: UP_TO } } as EventObject,
  { type: 'xstate.error.actor.markRead', error: new Error('refused') } as EventObject,
];

const USER_EVENTS = new Set(events.map((e) => e.type).filter((type) => !type.startsWith('xstate.')));
const ctx = (state: ModelState) => state.context as AlertSettingsContext;
const busy = (state: ModelState) => state.hasTag('busy');
const same = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the boxes differ from what the server holds (a save would change something). */
const edited = (c: AlertSettingsContext) =>
  c.settings !== null && (!same(c.types, c.settings.types) || c.digest !== c.settings.digest);

/** What the card shows, coarsely: the state, its message, the defaults note, anything unread, edits. */
const view = (state: ModelState) => {
  const c = ctx(state);
  return JSON.stringify([
    state.value,
    c.error !== null,
    c.settings?.chosen,
    (c.settings?.unread ?? 0) > 0,
    edited(c),
  ]);
};

// States told apart by everything a step checks (a coarser key would give a step the context
// of another path to the same view), then only the shortest path through each (event, view)
// step: the boxes times the switch would otherwise give dozens of walks of the same screens.
const paths = shortestModelPaths(alertSettingsMachine, {
  events,
  serializeState: (state) => {
    const { types, digest, settings } = ctx(state);
    return JSON.stringify([view(state), types, digest, settings?.types, settings?.digest]);
  },
  cover: view,
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    const c = ctx(state);
    if (USER_EVENTS.has(event.type)) {
      if (event.type === 'retry') return state.matches('failure' as never);
      if (!state.matches('ready' as never)) return false;
      // "Marquer comme lu" is disabled with nothing unread; a user saves boxes they changed.
      if (event.type === 'markRead') return (c.settings?.unread ?? 0) > 0;
      return event.type !== 'save' || edited(c);
    }
    if (!busy(state)) return false;
    if (event.type !== 'xstate.done.actor.saveSettings') return true;
    // The server stores what the card sends; the count stands.
    const { output } = event as EventObject & {
      output: { types: string[]; digest: boolean; unread: number };
    };
    return same(output.types, c.types) && output.digest === c.digest && output.unread === c.settings?.unread;
  },
});

const walks = toUserWalks<EventObject>(paths, {
  // The first load's outcome is the page's (a failure is armed before it opens).
  pageLoad: true,
  transient: busy,
  // A call the path makes fail is another walk than the same clicks answered (kept apart).
  adapt: ({ event, actorEvents }) =>
    USER_EVENTS.has(event.type)
      ? { ...event, ...(actorEvents.some((e) => e.type.startsWith('xstate.error.')) ? { fails: true } : {}) }
      : undefined,
});

const label = (event: EventObject) => {
  const e = event as EventObject & { code?: string; fails?: boolean };
  return `${e.code === undefined ? event.type : `${event.type} ${e.code}`}${e.fails ? ' (fails)' : ''}`;
};

const failed = (step: Pick<UserStep, 'actorEvents'>, actor: string) =>
  step.actorEvents.some((e) => e.type === `xstate.error.actor.${actor}`);
const done = (step: Pick<UserStep, 'actorEvents'>, actor: string) =>
  step.actorEvents.some((e) => e.type === `xstate.done.actor.${actor}`);

let server: TestServer;
/** The import's unread events for each walk's account (what the model's `UNREAD` stands for). */
let unread = 0;

const api = async <T>(path: string, token: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${server.url}/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const tokenOf = async (username: string, password = username) => {
  const response = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
  return ((await response.json()) as { id_token: string }).id_token;
};

const walkerOf = (index: number) => `alerts-${RUN}-${index}`;
const tokens = new Map<string, string>();

/** A broker of C0001 who follows payments: the role defaults apply until they choose. */
const createWalker = async (admin: string, login: string) => {
  await api('api/users', admin, {
    method: 'POST',
    body: JSON.stringify({
      login,
      email: `${login}@e2e.example.com`,
      firstName: 'Alix',
      lastName: 'Alerte',
      marque: 'UCR',
      codeCourtier: 'C0001',
      activated: true,
      langKey: 'fr',
      authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
      password: PASSWORD,
    }),
  });
  const token = await tokenOf(login, PASSWORD);
  tokens.set(login, token);
  // The read mark is made at the newest event the first time anything asks: before the import.
  await api('api/account/alerts', token);
};

/** One of C0001's up-to-date policies becomes unpaid through the back-office import (new IMP events). */
const importUnpaid = async (admin: string) => {
  const [policy] = await api<{ idPolice: number }[]>(
    'api/police?statutPaiement.in=A%20jour&motifResil.in=Actif&codeCourtierPortail.equals=C0001&size=1',
    admin,
  );
  const { id: _id, ...row } = await api<Record<string, unknown>>(`api/police/${policy?.idPolice}`, admin);
  const form = new FormData();
  form.set('kind', 'police');
  form.set(
    'file',
    new Blob([JSON.stringify([{ ...row, statutPaiement: 'Impayé' }])], { type: 'application/json' }),
    'police.json',
  );
  await api('api/admin/import', admin, { method: 'POST', body: form });
};

const ALERTS = /\/api\/account\/alerts$/;
const READ = /\/api\/account\/alerts\/read$/;

/** Makes the calls the step's path says fail fail on the way to the server (see the file's comment). */
const arm = async (page: Page, step: Pick<UserStep, 'actorEvents'>) => {
  if (failed(step, 'saveSettings'))
    await page.route(ALERTS, (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.continue();
      const body = request.postDataJSON() as { types: string[]; digest: boolean };
      return route.continue({ postData: JSON.stringify({ ...body, types: [...body.types, 'IMP'] }) });
    });
  if (failed(step, 'markRead'))
    await page.route(READ, (route) => route.continue({ postData: JSON.stringify({ upTo: -1 }) }));
};

const card = (page: Page) => page.getByTestId('alerts-card');
const TYPE_LABELS: Readonly<Record<string, string>> = {
  AFN: 'AFN — Validation du contrat',
  REV: 'REV — Remise en vigueur',
};

/** Performs one user event on the card, with the keyboard where a user may (space toggles a box). */
const perform = async (page: Page, step: UserStep) => {
  const e = step.event as EventObject & { code?: string };
  await arm(page, step);
  switch (e.type) {
    case 'type.toggle': {
      const box = card(page).getByLabel(TYPE_LABELS[e.code ?? ''] ?? '', { exact: true });
      await box.focus();
      return page.keyboard.press('Space');
    }
    case 'digest.toggle':
      return card(page).getByLabel('Recevoir chaque jour un récapitulatif par e-mail').click();
    case 'save': {
      await card(page).getByRole('button', { name: 'Enregistrer les alertes' }).focus();
      return page.keyboard.press('Enter');
    }
    case 'markRead':
      return card(page).getByRole('button', { name: 'Marquer comme lu' }).click();
    case 'retry':
      await page.unroute(ALERTS);
      return card(page).getByRole('button', { name: 'Réessayer' }).click();
    default:
      throw new Error(`no UI for ${e.type}`);
  }
};

const unreadText = (count: number) =>
  count === 0 ? '0 événement non lu' : count === 1 ? '1 événement non lu' : `${count} événements non lus`;

/** Asserts what the model state promises on the settled card (and the badge once the card changed something). */
const check = async (page: Page, step: Pick<UserStep, 'state' | 'actorEvents'>) => {
  const { state } = step;
  const c = ctx(state);
  const error = card(page).getByTestId('alerts-card-error');
  if (state.matches('failure' as never)) {
    await error.getByText('Serveur injoignable').waitFor();
    await card(page).getByRole('button', { name: 'Réessayer' }).waitFor();
    expect(await card(page).getByRole('checkbox').count()).toBe(0);
    return;
  }
  expect(state.value).toBe('ready');
  const save = card(page).getByRole('button', { name: 'Enregistrer les alertes' });
  await eventually(() => save.isEnabled()).toBe(true);
  for (const type of EVENT_TYPES)
    expect(await card(page).locator(`#alert-type-${type}`).isChecked(), type).toBe(c.types.includes(type));
  expect(await card(page).getByLabel('Recevoir chaque jour un récapitulatif par e-mail').isChecked()).toBe(
    c.digest,
  );
  const count = (c.settings?.unread ?? 0) > 0 ? unread : 0;
  expect(await card(page).getByTestId('alerts-card-unread').textContent()).toBe(unreadText(count));
  expect(await card(page).getByRole('button', { name: 'Marquer comme lu' }).isEnabled()).toBe(count > 0);
  expect(await card(page).getByText('Choix par défaut de votre profil').count()).toBe(
    c.settings?.chosen ? 0 : 1,
  );
  await eventually(() => error.count()).toBe(c.error === null ? 0 : 1);
  // The server's own refusal of the save, said in the card.
  if (failed(step, 'saveSettings')) expect(await error.textContent()).toBe('Erreur sur le champ types');
  // The card told the navbar: the badge counted again, the card's count.
  if (done(step, 'saveSettings') || done(step, 'markRead')) {
    const badge = page.getByTestId('alerts-badge');
    await eventually(() => badge.getAttribute('aria-label')).toBe(
      count === 0 ? 'Alertes : aucun événement non lu' : `Alertes : ${unreadText(count)}`,
    );
    // The types the server holds, not the boxes edited since.
    expect(await badge.getAttribute('href')).toBe(`#/timeline?typeMessage.in=${c.settings?.types.join(',')}`);
  }
};

/** Opens the settings signed in as `login` (the token in the tab's storage, as the app keeps it). */
const openSettings = async (page: Page, login: string) => {
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (token) => sessionStorage.setItem('jhi-authenticationToken', token),
    tokens.get(login) ?? '',
  );
  await page.reload();
  await page.waitForURL(/#\/(timeline|dashboard)/);
  await page.goto(`${server.url}/#/settings`);
};

describe('alert settings machine paths in the browser', () => {
  let browser: Browser;
  let admin: string;
  let replayed = 0;
  let shot = false;
  const started = Date.now();
  beforeAll(async () => {
    // The test worker's environment carries Vite's BASE_URL=/, which the server refuses; every
    // walk's account signs in from 127.0.0.1, which the sign-in limit would refuse.
    server = await startServer(repoRoot, {
      RIBBON_ENV: 'e2e',
      BASE_URL: 'http://extranet.test',
      SIGNIN_LIMIT_PER_IP: '100000',
    });
    browser = await launchChromium();
    admin = await tokenOf('admin');
    for (let index = 0; index <= walks.length + 1; index++) await createWalker(admin, walkerOf(index));
    await importUnpaid(admin);
    const counted = await api<{ unread: number }>('api/account/alerts', tokens.get(walkerOf(0)) ?? '');
    unread = counted.unread;
    // The boxes walked have no unread event: a save keeps the count, as the model's answers say.
    const withWalked = await api<{ unread: number }>('api/account/alerts', tokens.get(walkerOf(0)) ?? '', {
      method: 'PUT',
      body: JSON.stringify({ types: ordered([...DEFAULTS, ...WALKED]), digest: true }),
    });
    expect(withWalked.unread).toBe(unread);
  }, 240_000);
  afterAll(async () => {
    console.log(
      `alert settings machine: ${replayed} of ${walks.length} shortest model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await browser?.close();
    await server?.stop();
  });

  it('has walks to every state the card can show, and unread events to read', () => {
    const failing = walks.find((walk) => walk[0]?.before.matches('failure' as never));
    expect(reachedValues(walks, failing?.[0]?.before)).toEqual(['"failure"', '"ready"']);
    expect(unread).toBeGreaterThan(0);
  });

  walks.forEach((walk, index) => {
    it(describeWalk(walk, label), async () => {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const login = walkerOf(index + 1);
        // A walk that starts with the load failing: the server is unreachable until "Réessayer".
        if (walk[0]?.before.matches('failure' as never)) await page.route(ALERTS, (route) => route.abort());
        await openSettings(page, login);
        await card(page).getByRole('heading', { name: 'Alertes' }).waitFor();
        await check(page, { state: walk[0]?.before as ModelState, actorEvents: [] });
        for (const step of walk) {
          await perform(page, step);
          await page.waitForLoadState('networkidle');
          await check(page, step);
          await page.unrouteAll();
          if (failed(step, 'saveSettings') && !shot) {
            shot = true;
            await card(page).scrollIntoViewIfNeeded();
            await screenshot(page, 'alerts-paths-refused');
          }
        }
        // What the server holds is the last choice saved (the role defaults until then):
        // after a reload the boxes show it, whatever was edited since.
        const stored = walk.filter((step) => step.event.type === 'save' && done(step, 'saveSettings')).at(-1);
        const held = stored === undefined ? { types: DEFAULTS, digest: true } : ctx(stored.state);
        expect(await api('api/account/alerts', tokens.get(login) ?? '')).toMatchObject({
          types: held.types,
          digest: held.digest,
          chosen: stored !== undefined,
        });
        await page.reload();
        await card(page).locator('#alert-type-IMP').waitFor();
        for (const type of EVENT_TYPES)
          expect(await card(page).locator(`#alert-type-${type}`).isChecked(), type).toBe(
            held.types.includes(type),
          );
        expect(
          await card(page).getByLabel('Recevoir chaque jour un récapitulatif par e-mail').isChecked(),
        ).toBe(held.digest);
        expect(errors).toEqual([]);
        replayed++;
      } finally {
        await context.close();
      }
    });
  });
  it('follows the badge with the keyboard: the filtered timeline, nothing unread; a change in the card counts a new event', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const login = walkerOf(walks.length + 1);
      await openSettings(page, login);
      const badge = page.getByTestId('alerts-badge');
      await eventually(() => badge.getAttribute('aria-label')).toBe(`Alertes : ${unreadText(unread)}`);
      expect(await page.getByTestId('alerts-unread').textContent()).toBe(String(unread));
      await badge.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/timeline\?typeMessage\.in=IMP,MED,CTX$/);
      await eventually(() => badge.getAttribute('aria-label')).toBe('Alertes : aucun événement non lu');
      expect(await page.getByTestId('alerts-unread').count()).toBe(0);
      // The badge shows 0 at once, then reads and counts again (the import must come after).
      await page.waitForLoadState('networkidle');
      expect(await api('api/account/alerts', tokens.get(login) ?? '')).toMatchObject({ unread: 0 });
      // A new event: the badge counts it once the card changed something (or at its next count).
      await importUnpaid(admin);
      const { unread: added } = await api<{ unread: number }>('api/account/alerts', tokens.get(login) ?? '');
      expect(added).toBeGreaterThan(0);
      await page.goto(`${server.url}/#/settings`);
      await card(page).locator('#alert-type-IMP').waitFor();
      expect(await badge.getAttribute('aria-label')).toBe('Alertes : aucun événement non lu');
      await card(page)
        .getByLabel(TYPE_LABELS.AFN ?? '', { exact: true })
        .check();
      await card(page).getByRole('button', { name: 'Enregistrer les alertes' }).click();
      await eventually(() => badge.getAttribute('aria-label')).toBe(`Alertes : ${unreadText(added)}`);
      await eventually(() => badge.getAttribute('href')).toBe('#/timeline?typeMessage.in=AFN,IMP,MED,CTX');
      expect(await card(page).getByTestId('alerts-card-unread').textContent()).toBe(unreadText(added));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
