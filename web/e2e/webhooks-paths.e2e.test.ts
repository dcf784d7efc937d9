import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { PASSWORD } from './accounts.ts';
import { launchChromium } from './chromium.ts';
import { eventually } from './eventually.ts';
import { describeWalk, type ModelState, reachedValues, type UserStep } from './modelPathsInBrowser.ts';
import { screenshot } from './page.ts';
import { startServer, type TestServer } from './server.ts';
import { ctx, label, POLICY_EVENT, request, walks } from './webhooksWalks.ts';

/**
 * Core's webhooks machine replayed through the settings' webhooks card, as a broker of C0001
 * would: the shortest path to each state the card can show, plus each step back into one
 * already seen, then a walk of what a delivery looks like to the user. Each walk has an account
 * of its own and keeps to one endpoint (the card's rows are the model's). Every endpoint the
 * walks register points at a receiver this test runs on the loopback (the server allows it), and
 * an unpaid policy is imported right after, so its delivery log has one row to send again.
 * Where the path says a call fails, the walk makes it fail on the way (the request aborted:
 * the server unreachable).
 *
 * On a server of its own: it must accept loopback addresses and send within a second.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const RUN = Date.now().toString(36);

let server: TestServer;
const received: Array<{ path: string; headers: Record<string, string>; body: string }> = [];
let receiver: Server;
let receiverUrl = '';

const api = async <T>(path: string, token: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${server.url}/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
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

let admin = '';

/** A broker of C0001 following its policies' events, with no webhook yet. */
const walker = async (login: string) => {
  await api('api/users', admin, {
    method: 'POST',
    body: JSON.stringify({
      login,
      email: `${login}@e2e.example.com`,
      firstName: 'Wanda',
      lastName: 'Webhook',
      marque: 'UCR',
      codeCourtier: 'C0001',
      activated: true,
      langKey: 'fr',
      authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
      password: PASSWORD,
    }),
  });
  return tokenOf(login, PASSWORD);
};

/** One of C0001's up-to-date policies becomes unpaid through the back-office import: an IMP event. */
const importUnpaid = async () => {
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

const openSettings = async (page: Page, token: string) => {
  await page.goto(`${server.url}/`);
  await page.evaluate((value) => sessionStorage.setItem('jhi-authenticationToken', value), token);
  await page.reload();
  await page.waitForURL(/#\/(timeline|dashboard)/);
  await page.goto(`${server.url}/#/settings`);
};

const card = (page: Page) => page.getByTestId('webhooks-card');
const HOOKS = /\/api\/webhooks(\/\d+)?$/;
const LOG = /\/api\/webhooks\/\d+\/deliveries$/;
const REDELIVER = /\/api\/webhooks\/\d+\/deliveries\/\d+\/redeliver$/;

/** Aborts the one call the step makes fail, as an unreachable server would. */
const arm = async (page: Page, fails: string | undefined) => {
  if (fails === undefined) return;
  const abort = (method: string) => (route: import('playwright-core').Route) =>
    route.request().method() === method ? route.abort() : route.continue();
  if (fails === 'loadHooks') await page.route(HOOKS, abort('GET'));
  if (fails === 'createHook') await page.route(HOOKS, abort('POST'));
  if (fails === 'deleteHook') await page.route(HOOKS, abort('DELETE'));
  if (fails === 'switchHook') await page.route(HOOKS, abort('PUT'));
  if (fails === 'loadLog') await page.route(LOG, abort('GET'));
  if (fails === 'redeliver') await page.route(REDELIVER, (route) => route.abort());
};

const perform = async (page: Page, step: UserStep) => {
  const e = step.event as EventObject & { hook?: typeof request; enabled?: boolean; fails?: string };
  await arm(page, e.fails);
  const row = card(page).getByTestId('webhook-row');
  switch (e.type) {
    case 'create': {
      const url = e.hook?.url === request.url ? receiverUrl : (e.hook?.url ?? '');
      await card(page).getByLabel('Adresse (https)').fill(url);
      const box = card(page).getByLabel(POLICY_EVENT);
      if ((e.hook?.events.length ?? 0) > 0) await box.check();
      else await box.uncheck();
      await card(page).getByRole('button', { name: 'Ajouter le webhook' }).click();
      // The event its log will show, once the endpoint is registered.
      if (step.actorEvents.some((a) => a.type === 'xstate.done.actor.createHook')) {
        await card(page).getByTestId('webhook-secret').waitFor();
        await importUnpaid();
      }
      return;
    }
    case 'switch':
      return row.getByRole('button', { name: e.enabled ? 'Réactiver' : 'Suspendre' }).click();
    case 'delete':
      return row.getByRole('button', { name: /^Supprimer le webhook / }).click();
    case 'openLog':
      return row.getByRole('button', { name: /^Envois du webhook / }).click();
    case 'closeLog':
      return card(page).getByTestId('webhook-log').getByRole('button', { name: 'Fermer' }).click();
    case 'redeliver':
      return card(page).getByTestId('delivery-row').first().getByRole('button', { name: 'Renvoyer' }).click();
    case 'dismiss':
      return card(page).getByRole('button', { name: 'J’ai copié le secret' }).click();
    case 'retry':
      await page.unrouteAll();
      return card(page).getByRole('button', { name: 'Réessayer' }).click();
    default:
      throw new Error(`no UI for ${e.type}`);
  }
};

const MESSAGES: Readonly<Record<string, string>> = {
  'settings.webhooks.urlRequired': 'Indiquez une adresse commençant par https://.',
  'settings.webhooks.eventsRequired': 'Choisissez au moins un événement.',
};
const DONE: Readonly<Record<string, string>> = {
  created: 'Webhook ajouté.',
  deleted: 'Webhook supprimé.',
  switchedOn: 'Webhook réactivé.',
  paused: 'Webhook suspendu.',
  redelivered: 'Envoi programmé de nouveau.',
};

/** Asserts what the model state promises on the settled card. */
const check = async (page: Page, state: ModelState) => {
  const c = ctx(state);
  const error = card(page).getByTestId('webhooks-error');
  if (state.matches('failure' as never)) {
    await error.getByText('Serveur injoignable').waitFor();
    await card(page).getByRole('button', { name: 'Réessayer' }).waitFor();
    expect(await card(page).getByTestId('webhook-row').count()).toBe(c.hooks.length);
    return;
  }
  expect(state.value).toBe('idle');
  await eventually(() => card(page).getByRole('button', { name: 'Ajouter le webhook' }).isEnabled()).toBe(
    true,
  );
  const rows = card(page).getByTestId('webhook-row');
  await eventually(() => rows.count()).toBe(c.hooks.length);
  expect(await card(page).getByText('Aucun webhook.').count()).toBe(c.hooks.length === 0 ? 1 : 0);
  if (c.hooks[0] !== undefined) {
    const text = await rows.first().innerText();
    expect(text).toContain(receiverUrl);
    expect(text).toContain(POLICY_EVENT);
    expect(text).toContain(c.hooks[0].enabled ? 'Actif' : 'Désactivé');
  }
  await eventually(() => error.count()).toBe(c.error === null ? 0 : 1);
  if (c.error !== null)
    expect(await error.innerText()).toContain(MESSAGES[c.error.key] ?? 'Serveur injoignable');
  const secret = card(page).getByTestId('webhook-secret');
  expect(await secret.count()).toBe(c.created === null ? 0 : 1);
  if (c.created !== null)
    expect(await secret.locator('code').textContent()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const done = card(page).getByTestId('webhooks-done');
  expect(await done.count()).toBe(c.done !== null && c.created === null ? 1 : 0);
  if (c.done !== null && c.created === null) expect(await done.innerText()).toBe(DONE[c.done]);
  const log = card(page).getByTestId('webhook-log');
  expect(await log.count()).toBe(c.log === null ? 0 : 1);
  if (c.log !== null) {
    // Each "send again" adds a row for the same event: at least the import's.
    const deliveries = log.getByTestId('delivery-row');
    expect(await deliveries.count()).toBeGreaterThanOrEqual(c.log.deliveries.length);
    expect(await deliveries.first().innerText()).toContain(POLICY_EVENT);
  }
};

describe('webhooks machine paths in the browser', () => {
  let browser: Browser;
  let replayed = 0;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    server = await startServer(repoRoot, {
      RIBBON_ENV: 'e2e',
      BASE_URL: 'http://extranet.test',
      SIGNIN_LIMIT_PER_IP: '100000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '1',
    });
    browser = await launchChromium();
    admin = await tokenOf('admin');
  }, 240_000);
  afterAll(async () => {
    console.log(`webhooks machine: ${replayed} of ${walks.length} shortest model paths replayed in Chromium`);
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('has walks to every state the card can show', () => {
    const failing = walks.find((walk) => walk[0]?.before.matches('failure' as never));
    expect(reachedValues(walks, failing?.[0]?.before)).toEqual(['"failure"', '"idle"']);
    const types = new Set(walks.flatMap((walk) => walk.map((step) => step.event.type)));
    expect([...types].sort()).toEqual(
      ['closeLog', 'create', 'delete', 'dismiss', 'openLog', 'redeliver', 'retry', 'switch'].sort(),
    );
  });

  walks.forEach((walk, index) => {
    it(describeWalk(walk, label), async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const token = await walker(`hooks-${RUN}-${index}`);
        if (walk[0]?.before.matches('failure' as never)) await page.route(HOOKS, (route) => route.abort());
        await openSettings(page, token);
        await card(page).getByRole('heading', { name: 'Webhooks' }).waitFor();
        await check(page, walk[0]?.before as ModelState);
        for (const step of walk) {
          await perform(page, step);
          await page.waitForLoadState('networkidle');
          await check(page, step.state);
          await page.unrouteAll();
        }
        // The server holds what the card shows.
        const last = ctx(walk.at(-1)?.state as ModelState);
        const stored = await api<{ enabled: boolean }[]>('api/webhooks', token);
        expect(stored.map((h) => h.enabled)).toEqual(last.hooks.map((h) => h.enabled));
        expect(errors).toEqual([]);
        replayed++;
      } finally {
        await context.close();
      }
    });
  });

  for (const width of [1280, 390] as const)
    it(`at ${width} px: the secret shown once signs the delivery the log lists; "Renvoyer" adds one`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 720 },
        locale: 'fr-FR',
      });
      try {
        const page = await context.newPage();
        const token = await walker(`hooks-${RUN}-walk-${width}`);
        await openSettings(page, token);
        await card(page).getByText('Aucun webhook.').waitFor();
        const url = `${receiverUrl}/${width}`;
        await card(page).getByLabel('Adresse (https)').fill(url);
        await card(page).getByLabel(POLICY_EVENT).check();
        await card(page).getByRole('button', { name: 'Ajouter le webhook' }).click();
        const secret = (await card(page).getByTestId('webhook-secret').locator('code').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
        await card(page).getByRole('button', { name: 'J’ai copié le secret' }).click();
        await page.reload();
        await card(page).getByTestId('webhook-row').waitFor();
        // Shown once: never on the page again.
        expect(await page.getByText(secret).count()).toBe(0);

        await importUnpaid();
        const log = card(page).getByTestId('webhook-log');
        const rows = log.getByTestId('delivery-row');
        await card(page)
          .getByRole('button', { name: `Envois du webhook ${url}` })
          .click();
        await rows.first().waitFor();
        expect(await rows.count()).toBe(1);
        // Sent within a second or two: read the log again until it says so.
        await expect
          .poll(
            async () => {
              await card(page)
                .getByRole('button', { name: `Envois du webhook ${url}` })
                .click();
              await page.waitForLoadState('networkidle');
              return rows.first().innerText();
            },
            { timeout: 20_000, interval: 1000 },
          )
          .toContain('Remis');
        const first = await rows.first().innerText();
        expect(first).toContain(POLICY_EVENT);
        expect(first).toContain('204');
        await screenshot(page, `webhook-delivered-${width}`);

        await rows.first().getByRole('button', { name: 'Renvoyer' }).click();
        await card(page).getByTestId('webhooks-done').getByText('Envoi programmé de nouveau.').waitFor();
        await eventually(() => rows.count()).toBe(2);
        await expect
          .poll(
            async () => {
              await card(page)
                .getByRole('button', { name: `Envois du webhook ${url}` })
                .click();
              await page.waitForLoadState('networkidle');
              return (await rows.allInnerTexts()).filter((text) => text.includes('Remis')).length;
            },
            { timeout: 20_000, interval: 1000 },
          )
          .toBe(2);
        await screenshot(page, `webhook-redelivered-${width}`);

        // The receiver got the event twice, under one id, each signed with the secret shown once.
        const got = received.filter((r) => r.path === `/hooks/${width}`);
        expect(got).toHaveLength(2);
        expect(got[0]?.headers['webhook-id']).toBe(got[1]?.headers['webhook-id']);
        const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
        for (const r of got) {
          const signed = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`;
          const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
          expect(r.headers['webhook-signature']?.split(' ')).toContain(expected);
          expect(JSON.parse(r.body)).toMatchObject({ type: 'policy.event' });
        }
        // Nothing overflows the phone's width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    });
});
