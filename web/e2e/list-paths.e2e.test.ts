import { LIST_SPECS, type ListQueryContext, listQueryMachine } from '@extranet/core';
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
} from './modelPathsInBrowser.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/**
 * Core's listQuery machine replayed through 'Votre Portefeuille' as `courtier`. The full path
 * set (every order of every query change) is far beyond the browser budget: the shortest path
 * to each thing the page can show (a selection, the page, the page size, the extra column, in
 * any mix) by each kind of change is replayed. The grid's own sorting and the export are left to portfolio e2e and
 * core's model test; a failing fetch cannot be caused from the page, so no path has one.
 */
const spec = LIST_SPECS.police;
const WITH_CITY = [...spec.defaultColumns, 'ville'];
const events: EventObject[] = [
  { type: 'search.change', q: 'dup' } as EventObject,
  { type: 'search.change', q: '' } as EventObject,
  { type: 'preset.change', preset: 'VIG' } as EventObject,
  { type: 'preset.change', preset: null } as EventObject,
  { type: 'filters.clear' },
  { type: 'page.change', page: 1 } as EventObject,
  { type: 'size.change', size: 20 } as EventObject,
  { type: 'size.change', size: spec.pageSize } as EventObject,
  { type: 'columns.change', columns: WITH_CITY } as EventObject,
  { type: 'columns.change', columns: spec.defaultColumns } as EventObject,
  { type: 'xstate.done.actor.fetchPage', output: { items: [], total: 100, links: {} } } as EventObject,
  { type: 'xstate.after.50.listQuery.data.debouncing' },
];
const ctx = (state: ModelState) => state.context as ListQueryContext;
const busy = (state: ModelState) => state.hasTag('loading');
const selected = (c: ListQueryContext) => c.query.q !== '' || c.query.preset !== null;
const view = (state: ModelState) => {
  const c = ctx(state);
  return JSON.stringify([
    state.value,
    selected(c),
    c.query.page > 0,
    c.query.size !== spec.pageSize,
    c.columns.includes('ville'),
  ]);
};

const paths = shortestModelPaths(listQueryMachine, {
  events,
  input: { spec },
  serializeState: (state) => JSON.stringify([view(state), ctx(state).query.q, ctx(state).query.preset]),
  // Coarser still for coverage: the page size and the extra column count as one customisation.
  cover: (state) => {
    const c = ctx(state);
    return JSON.stringify([
      selected(c),
      c.query.page > 0,
      c.query.size !== spec.pageSize || c.columns.includes('ville'),
    ]);
  },
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    if (event.type.startsWith('xstate.')) return busy(state);
    if (busy(state)) return false;
    const c = ctx(state);
    const e = event as EventObject & { q?: string; preset?: string | null; page?: number; size?: number };
    // What the page can change: another value than the current one.
    if (e.q !== undefined) return e.q !== c.query.q;
    if (e.preset !== undefined) return e.preset !== c.query.preset;
    if (e.page !== undefined) return c.query.page === 0;
    if (e.size !== undefined) return e.size !== c.query.size;
    if (event.type === 'columns.change')
      return (
        (event as EventObject & { columns: string[] }).columns.includes('ville') !==
        c.columns.includes('ville')
      );
    return true;
  },
});
const walks = toUserWalks(paths, {
  pageLoad: true,
  transient: busy,
  adapt: ({ event }) => (event.type.startsWith('xstate.') ? undefined : event),
});

const label = (event: EventObject) => {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  if (type === 'columns.change') return (rest.columns as string[]).includes('ville') ? '+Ville' : '-Ville';
  return Object.keys(rest).length === 0 ? type : `${type} ${JSON.stringify(Object.values(rest)[0])}`;
};

const perform = async (page: Page, event: EventObject) => {
  const e = event as EventObject & { q?: string; preset?: string | null; size?: number };
  switch (event.type) {
    case 'search.change':
      return page.getByLabel('Recherche Globale').fill(e.q ?? '');
    case 'preset.change':
      return page.getByLabel('Filtre prédéfini').selectOption(e.preset ?? '');
    case 'filters.clear':
      return page.getByRole('button', { name: 'Effacer filtres' }).click();
    case 'page.change':
      return page.getByRole('button', { name: 'Page suivante' }).first().click();
    case 'size.change':
      return page.getByLabel('Lignes par page').selectOption(String(e.size));
    case 'columns.change':
      await page.getByRole('button', { name: 'Informations' }).click();
      await page.getByLabel('Ville', { exact: true }).click();
      return page.keyboard.press('Escape');
    default:
      throw new Error(`no UI for ${event.type}`);
  }
};

const check = async (page: Page, state: ModelState) => {
  const { query, columns } = ctx(state);
  await page.waitForLoadState('networkidle');
  await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
  // The controls show the machine's query once the screen has taken the event (a busy machine
  // can be a render behind the network).
  await eventually(() => page.getByLabel('Recherche Globale').inputValue()).toBe(query.q);
  await eventually(() => page.getByLabel('Filtre prédéfini').inputValue()).toBe(query.preset ?? '');
  await eventually(() => page.getByLabel('Lignes par page').inputValue()).toBe(String(query.size));
  const [count, total] =
    ((await page.getByTestId('list-summary').textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
  // Without a selection the list shows the whole portfolio; a selection never adds to it.
  if (selected(ctx(state))) expect(count).toBeLessThanOrEqual(total ?? 0);
  else expect(count).toBe(total);
  // The rows on the page (pinned columns repeat a row: count its index once).
  const rowsShown = async () =>
    new Set(
      await page
        .locator('.ag-row[row-index]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('row-index'))),
    ).size;
  await eventually(rowsShown).toBe(Math.max(0, Math.min(query.size, (count ?? 0) - query.page * query.size)));
  if ((count ?? 0) > query.size)
    expect(await page.locator('.pagination .active').first().textContent()).toContain(String(query.page + 1));
  expect(await page.locator('.ag-header-cell', { hasText: 'Ville' }).count()).toBe(
    columns.includes('ville') ? 1 : 0,
  );
};

describe('listQuery machine paths in the browser', () => {
  let session: Session;
  let replayed = 0;
  const started = Date.now();
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    console.log(
      `listQuery machine: ${replayed} of ${walks.length} model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await session?.close();
  });

  it('has walks that settle on the rows of every query', () => {
    expect(reachedValues(walks)).toEqual([JSON.stringify({ data: 'ready', export: 'idle' })]);
    expect(walks.length).toBeGreaterThan(5);
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/police`);
      await page.reload();
      await page.locator('.ag-row').first().waitFor();
      await check(page, walk[0]?.before as ModelState);
      for (const step of walk) {
        await perform(page, step.event);
        await check(page, step.state);
      }
      expect(session.pageErrors).toEqual([]);
      replayed++;
    });
  }
});
