import { readFileSync } from 'node:fs';
import { type StatementDetailContext, statementDetailMachine } from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { callApi, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
} from './modelPathsInBrowser.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * Core's statementDetail machine replayed through the statement page as `courtier` (who may
 * open the client tab): the shortest path to each tab and PDF state, plus each step back into
 * a state already seen. The invoked actors answer by themselves: the statement loads, and the
 * PDF arrives (the demo statements all have one: a failing download is left to core's model
 * test, as the browser cannot be made to fail it). 'Retour liste' leaves the page: statements
 * e2e covers it.
 */
const events: EventObject[] = [
  { type: 'tab.select', index: 0 } as EventObject,
  { type: 'tab.select', index: 1 } as EventObject,
  { type: 'tab.select', index: 2 } as EventObject,
  { type: 'lines.show' },
  { type: 'client.open', idPolice: 1 } as EventObject,
  { type: 'back' },
  { type: 'pdf.download' },
  {
    type: 'xstate.done.actor.loadStatement',
    output: { statement: { idBordereau: 1, fichierBordereau: 'bordereau.pdf' }, recap: [] },
  } as EventObject,
  { type: 'xstate.done.actor.downloadPdf' },
];
const USER_EVENTS = new Set(events.map((e) => e.type).filter((type) => !type.startsWith('xstate.')));
const ctx = (state: ModelState) => state.context as StatementDetailContext;
const busy = (state: ModelState) => state.hasTag('loading') || state.hasTag('pdfBusy');
const view = (state: ModelState) => JSON.stringify([state.value, ctx(state).idPolice !== null]);

const paths = shortestModelPaths(statementDetailMachine, {
  events,
  input: { idBordereau: 1, canSeeClient: true },
  serializeState: view,
  cover: view,
  transient: busy,
  filterEvents: (state, event) =>
    USER_EVENTS.has(event.type) !== busy(state) &&
    // The download button is on the first tab.
    (event.type !== 'pdf.download' || state.hasTag('tab0')),
});
const walks = toUserWalks(paths, {
  pageLoad: true,
  transient: busy,
  adapt: ({ event }) => (USER_EVENTS.has(event.type) ? event : undefined),
});

const TABS = ['Votre bordereau', 'Détail des commissions', 'Fiche Client'] as const;
const label = (event: EventObject) =>
  event.type === 'tab.select' ? `tab ${(event as EventObject & { index: number }).index}` : event.type;

/** The PDF the last download saved, for the assertions on its content. */
let lastPdf: Buffer | null = null;

const perform = async (page: Page, event: EventObject) => {
  switch (event.type) {
    case 'tab.select':
      return page
        .getByRole('tab', { name: TABS[(event as EventObject & { index: 0 | 1 | 2 }).index] })
        .click();
    case 'lines.show':
      return page.getByRole('button', { name: 'Afficher détail' }).click();
    case 'client.open':
      await page.locator('.ag-row [data-view-row]').first().waitFor();
      return page.locator('.ag-row [data-view-row]').first().click();
    case 'back':
      return page.getByRole('button', { name: 'Retour', exact: true }).first().click();
    case 'pdf.download': {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger PDF' }).click(),
      ]);
      lastPdf = readFileSync(await download.path());
      expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
      return;
    }
    default:
      throw new Error(`no UI for ${event.type}`);
  }
};

const check = async (page: Page, step: Pick<UserStep, 'event' | 'state'>) => {
  const { state, event } = step;
  const tab = state.hasTag('tab2') ? 2 : state.hasTag('tab1') ? 1 : 0;
  await eventually(() => page.getByRole('tab', { name: TABS[tab] }).getAttribute('aria-selected')).toBe(
    'true',
  );
  // The client tab is offered once a policy was opened from the lines.
  expect(await page.getByRole('tab', { name: 'Fiche Client' }).isDisabled()).toBe(
    ctx(state).idPolice === null,
  );
  if (tab === 0) {
    await page.getByTestId('total-versement').waitFor();
    expect(await page.getByRole('button', { name: 'Télécharger PDF' }).isDisabled()).toBe(false);
    expect(await page.getByText('Impossible de télécharger ce bordereau !').count()).toBe(0);
  } else if (tab === 1) await page.getByTestId('lines-summary').waitFor();
  else await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
  if (event.type === 'pdf.download') {
    // A real PDF arrived: its signature, and more than a header.
    expect(lastPdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(lastPdf?.length ?? 0).toBeGreaterThan(100);
  }
};

describe('statementDetail machine paths in the browser', () => {
  let session: Session;
  let detailHash = '';
  let replayed = 0;
  const started = Date.now();
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
    // A statement with its PDF (forecasts have none, and then no download button).
    const response = await callApi('api/commissions?page=0&size=50', { token: await tokenOf('courtier') });
    const statements = (await response.json()) as Array<{
      idBordereau: number;
      fichierBordereau: string | null;
    }>;
    const withPdf = statements.find((statement) => (statement.fichierBordereau ?? '') !== '');
    detailHash = `#/mouvements/${withPdf?.idBordereau}?first=0`;
  });
  afterAll(async () => {
    console.log(
      `statementDetail machine: ${replayed} of ${walks.length} model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await session?.close();
  });

  it('has walks reaching every tab with the PDF idle', () => {
    expect(reachedValues(walks)).toEqual(
      ['client', 'lines', 'summary'].map((tab) => JSON.stringify({ ready: { tab, pdf: 'idle' } })),
    );
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/${detailHash}`);
      await page.reload();
      await check(page, { event: { type: 'xstate.init' }, state: walk[0]?.before as ModelState });
      for (const step of walk) {
        await perform(page, step.event);
        await check(page, step);
      }
      expect(session.pageErrors).toEqual([]);
      replayed++;
    });
  }

  it('downloads the statement PDF: a real PDF file arrives', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/${detailHash}`);
    await page.reload();
    await perform(page, { type: 'pdf.download' });
    expect(lastPdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(lastPdf?.toString('latin1')).toContain('%%EOF');
    await screenshot(page, 'courtier-statement-pdf-downloaded');
  });
});
