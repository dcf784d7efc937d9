import { type EntriesDownloadContext, entriesDownloadMachine } from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { eventually } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
} from './modelPathsInBrowser.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/**
 * Core's entriesDownload machine replayed through the statement list's "Écritures comptables"
 * as `courtier2`: the shortest path to each state the form shows, and each step back. A valid
 * period downloads the real file from the server; a reversed one is refused in the form; where
 * the path says the download fails, the walk makes it fail on the way (the request aborted:
 * the server unreachable).
 */
const GOOD = { from: '2025-01', to: '2025-12', format: 'fec' } as const;
const REVERSED = { from: '2025-12', to: '2025-01', format: 'fec' } as const;
const events: EventObject[] = [
  { type: 'download', request: GOOD } as EventObject,
  { type: 'download', request: REVERSED } as EventObject,
  { type: 'xstate.done.actor.downloadEntries' },
  { type: 'xstate.error.actor.downloadEntries', error: new Error('unreachable') } as EventObject,
];
const ctx = (state: ModelState) => state.context as EntriesDownloadContext;
const busy = (state: ModelState) => state.hasTag('busy');

const paths = shortestModelPaths(entriesDownloadMachine, {
  events,
  serializeState: (state) => JSON.stringify([state.value, ctx(state).error?.key ?? null]),
  cover: (state) => JSON.stringify([state.value, ctx(state).error?.key ?? null]),
  coverFrom: true,
  transient: busy,
  filterEvents: (state, event) => busy(state) === event.type.startsWith('xstate.'),
});
/** Which outcome each walk's download must have: the browser makes a failing one fail. */
const fails = (step: UserStep) => step.actorEvents.some((e) => e.type.startsWith('xstate.error.'));
const walks = toUserWalks(paths, {
  transient: busy,
  adapt: ({ event, actorEvents }) =>
    event.type.startsWith('xstate.')
      ? undefined
      : ({ ...event, fail: actorEvents.some((e) => e.type.startsWith('xstate.error.')) } as EventObject),
});
const label = (event: EventObject) => {
  const e = event as EventObject & { request?: { from: string; to: string }; fail?: boolean };
  return e.request ? `download ${e.request.from}…${e.request.to}${e.fail ? ' (aborted)' : ''}` : event.type;
};

const ENTRIES = '**/api/commissions/entries**';

const perform = async (page: Page, event: EventObject) => {
  const { request, fail } = event as EventObject & { request: typeof GOOD; fail: boolean };
  if (fail) await page.route(ENTRIES, (route) => route.abort());
  await page.getByLabel('Du mois').fill(request.from);
  await page.getByLabel('Au mois (inclus)').fill(request.to);
  const valid = request.from <= request.to;
  if (valid && !fail) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ecritures-${request.from}-${request.to}.txt`);
  } else await page.getByRole('button', { name: 'Télécharger' }).click();
  if (fail) {
    await page.getByTestId('entries-error').waitFor();
    await page.unroute(ENTRIES);
  }
};

const check = async (page: Page, state: ModelState) => {
  const { error } = ctx(state);
  // A file saved closes the menu: open it again to read the form.
  const button = page.getByRole('button', { name: 'Télécharger' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Écritures comptables' }).click();
  await eventually(() => page.getByTestId('entries-error').count()).toBe(error === null ? 0 : 1);
  if (error?.key === 'commission.entries.badPeriod')
    expect(await page.getByTestId('entries-error').innerText()).toBe(
      'Choisissez deux mois, le premier avant le second.',
    );
  expect(await button.isDisabled()).toBe(false);
};

describe('entriesDownload machine paths in the browser', () => {
  let session: Session;
  let replayed = 0;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier2');
  });
  afterAll(async () => {
    console.log(`entriesDownload machine: ${replayed} of ${walks.length} model paths replayed in Chromium`);
    await session?.close();
  });

  it('has walks reaching every state of the form', () => {
    expect(reachedValues(walks)).toEqual(['"idle"']);
    expect(walks.some((walk) => walk.some(fails))).toBe(true);
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/commission`);
      await page.reload();
      await page.getByRole('button', { name: 'Écritures comptables' }).click();
      await check(page, (walk[0] as UserStep).before);
      for (const step of walk) {
        await perform(page, step.event);
        await check(page, step.state);
      }
      expect(session.pageErrors).toEqual([]);
      replayed++;
    });
  }
});
