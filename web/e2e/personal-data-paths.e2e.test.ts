import {
  type AnonymiseContext,
  anonymiseMachine,
  HttpError,
  type NirRevealContext,
  nirRevealMachine,
} from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { callApi, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import {
  describeWalk,
  eventLabel,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  userEventOnly,
} from './modelPathsInBrowser.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/**
 * Core's nirReveal and anonymise machines replayed on the insured person's page: the NIR reveal
 * as `courtier` (who holds nir.reveal; the server grants it, so no walk fails), the
 * anonymisation as `admin` on persons whose contract runs (the server refuses first, 409, and
 * says so; the forced request anonymises; a request after that answers the same anonymisation).
 * Each anonymise walk takes a fresh person who does not hold their policy.
 */
const busy = (state: ModelState) => state.hasTag('busy');

const revealPaths = shortestModelPaths(nirRevealMachine, {
  events: [
    { type: 'reveal' },
    { type: 'xstate.done.actor.revealNir', output: { idAssure: 1, numeroSecu: '185057512345612' } },
  ] as EventObject[],
  input: { idAssure: 1 },
  serializeState: (state) => JSON.stringify([state.value, (state.context as NirRevealContext).nir !== null]),
  transient: busy,
  filterEvents: (state, event) => busy(state) === event.type.startsWith('xstate.'),
});
const revealWalks = toUserWalks(revealPaths, { transient: busy, adapt: userEventOnly });

const anonymised = {
  idAssure: 1,
  anonymised: true,
  anonymisedAt: '2026-11-26T22:00:00Z',
  retainedUntil: null,
};
const retained = new HttpError({
  status: 409,
  url: 'http://x/api/police-assures/1/anonymise',
  body: '{}',
  problem: {
    type: 'about:blank',
    status: 409,
    message: 'error.retentionRunning',
    params: { retainedUntil: null },
  },
});
const anonymisePaths = shortestModelPaths(anonymiseMachine, {
  events: [
    { type: 'anonymise' },
    { type: 'xstate.done.actor.anonymise', output: anonymised },
    { type: 'xstate.error.actor.anonymise', error: retained },
  ] as EventObject[],
  input: { idAssure: 1 },
  serializeState: (state) => {
    const c = state.context as AnonymiseContext;
    return JSON.stringify([state.value, c.anonymisedAt !== null]);
  },
  transient: busy,
  filterEvents: (state, event) => {
    if (!event.type.startsWith('xstate.')) return !busy(state);
    if (!busy(state)) return false;
    // A running contract: refused until forced; once anonymised, the same answer again.
    const c = state.context as AnonymiseContext;
    const answers = state.matches('forcing' as never) || c.anonymisedAt !== null;
    return answers === (event.type === 'xstate.done.actor.anonymise');
  },
});
const anonymiseWalks = toUserWalks(anonymisePaths, { transient: busy, adapt: userEventOnly });

const nirCell = (page: Page) =>
  page.locator('dl div', { has: page.locator('dt', { hasText: /^Numéro de Secu$/ }) }).locator('dd');
const today = () => new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

describe('nirReveal and anonymise machine paths in the browser', () => {
  let courtier: Session;
  let admin: Session;
  let idAssure: number;
  /** Persons whose contract runs, one per anonymise walk. */
  let fresh: number[];
  let replayed = 0;
  beforeAll(async () => {
    const token = await tokenOf('courtier');
    const rows = (await (
      await callApi('api/police-assures?page=0&size=300&sort=idAssure,asc', { token })
    ).json()) as { idAssure: number; rang: number; numeroSecu: string | null; dateResil: string | null }[];
    const others = rows.filter((row) => row.rang > 1 && row.numeroSecu !== null && row.dateResil === null);
    idAssure = others[0]!.idAssure;
    fresh = others.slice(1).map((row) => row.idAssure);
    courtier = await openSession();
    admin = await openSession();
    await signInQuickly(courtier, 'courtier');
    await signInQuickly(admin, 'admin');
  });
  afterAll(async () => {
    console.log(
      `nirReveal and anonymise machines: ${replayed} of ${revealWalks.length + anonymiseWalks.length} model paths replayed in Chromium`,
    );
    await courtier?.close();
    await admin?.close();
  });

  it('has walks reaching every settled state of both machines', () => {
    expect(reachedValues(revealWalks)).toEqual(['"revealed"']);
    expect(reachedValues(anonymiseWalks)).toEqual(['"done"', '"retained"']);
  });

  for (const walk of revealWalks)
    it(`reveal: ${describeWalk(walk, eventLabel)}`, async () => {
      const { page, baseUrl } = courtier;
      await page.goto(`${baseUrl}/#/police-assure/${idAssure}`);
      await page.reload();
      await nirCell(page).waitFor();
      const masked = (await nirCell(page).textContent()) ?? '';
      expect(masked).toMatch(/^\d \d\d \d\d •• ••• ••• \d\d$/);
      for (const step of walk) {
        expect(step.event.type).toBe('reveal');
        await page.getByRole('button', { name: 'Afficher le numéro complet' }).click();
        const c = step.state.context as NirRevealContext;
        const shown = page.getByRole('status').filter({ hasText: 'Numéro de Secu complet' });
        await eventually(() => shown.count()).toBe(c.nir === null ? 0 : 1);
        const whole = /(\d{15})$/.exec((await shown.textContent()) ?? '')?.[1] ?? '';
        expect(`${whole[0]} ${whole.slice(1, 3)} ${whole.slice(3, 5)} •• ••• ••• ${whole.slice(13)}`).toBe(
          masked,
        );
        expect(await page.getByRole('button', { name: 'Afficher le numéro complet' }).count()).toBe(0);
      }
      expect(courtier.pageErrors).toEqual([]);
      replayed++;
    });

  for (const walk of anonymiseWalks)
    it(`anonymise: ${describeWalk(walk, eventLabel)}`, async () => {
      const { page, baseUrl } = admin;
      const person = fresh.shift()!;
      await page.goto(`${baseUrl}/#/police-assure/${person}`);
      await page.reload();
      const name = page
        .locator('dl div', { has: page.locator('dt', { hasText: /^Nom prénom$/ }) })
        .locator('dd');
      await name.waitFor();
      const before = await name.textContent();
      const note = page.getByTestId('anonymise-note');
      for (const step of walk) {
        const label = step.before.hasTag('retained') ? 'Anonymiser malgré la conservation' : 'Anonymiser';
        await page.getByRole('button', { name: label, exact: true }).click();
        if (step.state.hasTag('retained')) {
          await eventually(() => note.textContent()).toBe(
            'Le contrat est en cours : ses données sont conservées jusqu’à cinq ans après sa fin. Rien n’a été modifié.',
          );
          // Refused: nothing changed.
          expect(await name.textContent()).toBe(before);
          await page.getByRole('button', { name: 'Anonymiser malgré la conservation' }).waitFor();
        } else {
          await eventually(() => note.textContent()).toBe(`Personne anonymisée le ${today()}.`);
          await eventually(() => name.textContent()).toBe(`Anonyme ${person}`);
          await page.getByRole('button', { name: 'Anonymiser', exact: true }).waitFor();
        }
      }
      expect(admin.pageErrors).toEqual([]);
      replayed++;
    });
});
