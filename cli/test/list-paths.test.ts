import { listParams } from '@extranet/core/api/listParams.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import { type ListQueryContext, listQueryMachine } from '@extranet/core/machines/listQuery.machine.ts';
import * as model from '@extranet/core/testing/userWalks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

/**
 * Core's listQuery machine replayed through `extranet policies list`, as web/e2e/list-paths
 * replays it through 'Votre Portefeuille': the shortest path to each thing the list can show
 * (a search, a preset, a page, a page size, a refused filter, in any mix) by each kind of change.
 * The command line is the list's address: each user event changes it and the command runs again;
 * after each step the terminal must show the page of the model's query (its place and the
 * server's rows for it) or, in `failure`, the server's refusal with exit 2. The machine is the
 * one the command runs, so the `--json` page and size also prove the command reached the model's
 * query through its own events.
 */
const spec = LIST_SPECS.police;
const BAD = 'nope';
const events: EventObject[] = [
  { type: 'search.change', q: 'dup' } as EventObject,
  { type: 'search.change', q: '' } as EventObject,
  { type: 'preset.change', preset: 'VIG' } as EventObject,
  { type: 'preset.change', preset: null } as EventObject,
  { type: 'filter.change', field: BAD, value: { op: 'equals', value: '1' } } as EventObject,
  { type: 'filters.clear' },
  { type: 'page.change', page: 1 } as EventObject,
  { type: 'size.change', size: 50 } as EventObject,
  { type: 'xstate.done.actor.fetchPage', output: { items: [], total: 100, links: {} } } as EventObject,
  { type: 'xstate.error.actor.fetchPage', error: new Error('refused') } as EventObject,
  { type: 'xstate.after.50.listQuery.data.debouncing' },
];
const ctx = (state: model.ModelState) => state.context as ListQueryContext;
const busy = (state: model.ModelState) => state.hasTag('loading');
const refused = (c: ListQueryContext) => BAD in c.query.filters;
const view = (state: model.ModelState) => {
  const { query } = ctx(state);
  return JSON.stringify([
    state.value,
    query.q,
    query.preset,
    query.page > 0,
    query.size,
    refused(ctx(state)),
  ]);
};

const paths = model.shortestModelPaths(listQueryMachine, {
  events,
  input: { spec },
  serializeState: view,
  // Coarser for coverage: what kind of selection, paged or not, resized or not, refused or not.
  cover: (state) => {
    const { query } = ctx(state);
    return JSON.stringify([
      query.q !== '' || query.preset !== null,
      query.page > 0,
      query.size !== spec.pageSize,
      refused(ctx(state)),
    ]);
  },
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    const c = ctx(state);
    // The server decides: a refused filter fails the load, any other query answers.
    if (event.type === 'xstate.error.actor.fetchPage') return state.hasTag('loading') && refused(c);
    if (event.type === 'xstate.done.actor.fetchPage') return state.hasTag('loading') && !refused(c);
    if (event.type.startsWith('xstate.')) return busy(state);
    if (busy(state)) return false;
    const e = event as EventObject & { q?: string; preset?: string | null; page?: number; size?: number };
    if (e.q !== undefined) return e.q !== c.query.q;
    if (e.preset !== undefined) return e.preset !== c.query.preset;
    if (e.page !== undefined) return c.query.page === 0 && !refused(c);
    if (e.size !== undefined) return e.size !== c.query.size;
    if (event.type === 'filter.change') return !refused(c);
    if (event.type === 'filters.clear') return refused(c) || c.query.q !== '' || c.query.preset !== null;
    return true;
  },
});
const walks = model.toUserWalks(paths, { pageLoad: true, transient: busy, adapt: model.userEventOnly });

/** The command line of a query: what a person types to see that list. */
const argsOf = (c: ListQueryContext) => {
  const { query } = c;
  return [
    'policies',
    'list',
    '--json',
    '--size',
    String(query.size),
    ...(query.q === '' ? [] : ['--q', query.q]),
    ...(query.preset === null ? [] : ['--preset', query.preset]),
    ...(refused(c) ? ['--filter', `${BAD}.equals=1`] : []),
    ...(query.page === 0 ? [] : ['--page', String(query.page + 1)]),
  ];
};

let server: TestServer;
let courtier: Session;
let replayed = 0;
const started = Date.now();

/** Runs the command for the model's state and checks what the terminal prints. */
const check = async (state: model.ModelState) => {
  const c = ctx(state);
  const { code, stdout, stderr } = await runBin(argsOf(c), { env: courtier.env });
  if (state.hasTag('error')) {
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^extranet: .*Unknown or not permitted filter field: nope\.equals\n$/);
    return;
  }
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const printed = JSON.parse(stdout) as {
    page: number;
    size: number;
    total: number;
    items: { police: string }[];
  };
  const api = await apiGet(
    server.url,
    courtier,
    `api/police?${new URLSearchParams(listParams(c.query) as [string, string][])}`,
  );
  const rows = (await api.json()) as { police: string }[];
  expect({ page: printed.page, size: printed.size, total: printed.total }).toEqual({
    page: c.query.page + 1,
    size: c.query.size,
    total: Number(api.headers.get('x-total-count')),
  });
  expect(printed.items.map((row) => row.police)).toEqual(rows.map((row) => row.police));
};

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
});
afterAll(async () => {
  console.log(
    `listQuery machine: ${replayed} of ${walks.length} model paths replayed through the CLI in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await server?.close();
});

describe('listQuery machine paths through `extranet policies list`', () => {
  it('has walks that settle on the rows of every query, and on a refusal', () => {
    expect(model.reachedValues(walks)).toEqual([
      JSON.stringify({ data: 'failure', export: 'idle' }),
      JSON.stringify({ data: 'ready', export: 'idle' }),
    ]);
    expect(walks.length).toBeGreaterThan(5);
  });

  it('the fresh list: the page the model starts on once loaded', async () => {
    await check(walks[0]?.[0]?.before as model.ModelState);
  });

  // Each walk starts from that fresh list (checked once above): every step is one invocation.
  for (const walk of walks) {
    it(model.describeWalk(walk, model.eventLabel), async () => {
      for (const step of walk) await check(step.state);
      replayed++;
    });
  }
});
