import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { ListQuery } from '../api/listParams.ts';
import type { Page } from '../api/paging.ts';
import { LIST_SPECS } from '../lists/listSpecs.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { listQueryMachine } from './listQuery.machine.ts';

const spec = LIST_SPECS.police;
const page = (items: unknown[], total = items.length): Page<unknown> => ({ items, total, links: {} });
/** Lets settled promises deliver their results (no timer is waited for). */
const flush = () => new Promise((r) => setTimeout(r, 0));

const events = [
  { type: 'filter.change', field: 'statut', value: { op: 'in', values: ['En cours'] } },
  { type: 'filter.change', field: 'statut', value: null },
  { type: 'search.change', q: 'dup' },
  { type: 'preset.change', preset: 'SEF' },
  { type: 'preset.change', preset: null },
  { type: 'filters.clear' },
  { type: 'sort.change', sort: [{ field: 'police', dir: 'asc' }] },
  { type: 'page.change', page: 2 },
  { type: 'size.change', size: 20 },
  { type: 'columns.change', columns: ['police', 'risque'] },
  {
    type: 'address.change',
    query: { filters: {}, q: 'dumont', preset: 'VIG', sort: spec.defaultSort, page: 1, size: 20 },
    columns: ['police'],
  },
  { type: 'reload' },
  { type: 'export.request' },
  { type: 'export.dismiss' },
  { type: 'xstate.done.actor.fetchPage', output: page([{ idPolice: 1 }], 31) },
  ...[
    sampleErrors.unreachable,
    sampleErrors.fieldErrors,
    sampleErrors.unauthorized,
    sampleErrors.notFound,
    sampleErrors.malformed,
  ].map((error) => ({ type: 'xstate.error.actor.fetchPage', error })),
  { type: 'xstate.after.50.listQuery.data.debouncing' },
  { type: 'xstate.done.actor.exportList', output: { fileName: 'police.csv', blob: new Blob([]) } },
  { type: 'xstate.error.actor.exportList', error: sampleErrors.unreachable },
];

type Ctx = ReturnType<typeof listQueryMachine.getInitialSnapshot>['context'];

/** What decides the next transitions and what the screen shows. */
const features = (context: Ctx) => {
  const q = context.query;
  return {
    selection: Object.keys(q.filters).length > 0 || q.q !== '' || q.preset !== null,
    paged: q.page > 0,
    error: context.error !== null,
    exportError: context.exportError !== null,
  };
};

describe('listQuery machine', () => {
  it('replays its model paths: the rows shown always answer the current query', async () => {
    const result = await replayModelPaths({
      machine: listQueryMachine,
      input: { spec },
      events,
      createSut: () => {
        const control = controlledActors('fetchPage', 'exportList');
        // A simulated clock: the 50 ms debounce passes when the path says so, never by accident.
        const clock = new SimulatedClock();
        const actor = createActor(listQueryMachine.provide({ actors: control.actors }), {
          input: { spec },
          clock,
        });
        return { actor, control, clock };
      },
      // The model keeps one representative context per serialized state, so only these
      // features are compared with the real actor; the rest is checked on the actor itself.
      serializeState: (snapshot) => {
        const { value, context } = snapshot as unknown as { value: unknown; context: Ctx };
        return JSON.stringify([value, features(context)]);
      },
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
      check: (model, sut) => {
        const context = sut.actor.getSnapshot().context as Ctx;
        expect(features(context)).toEqual(features(model.context));
        const fetches = sut.control.calls.filter((call) => call.id === 'fetchPage');
        if (model.matches({ data: 'loading' }) || model.matches({ data: 'ready' }))
          expect(fetches.at(-1)?.input).toEqual(context.query);
        if (model.matches({ data: 'ready' })) expect(context.page?.total).toBe(31);
        if (model.matches({ data: 'failure' })) expect(context.error).not.toBeNull();
        if (model.matches({ export: 'exporting' })) {
          const call = sut.control.calls.filter((c) => c.id === 'exportList').at(-1);
          const { page: _p, size: _s, ...selection } = context.query;
          expect(call?.input).toEqual({ query: selection, columns: context.columns });
        }
      },
    });
    console.log(
      `listQuery machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBeGreaterThanOrEqual(12);
  }, 60_000);

  it('debounces filter typing by 50 ms: one request for a burst', async () => {
    const control = controlledActors('fetchPage', 'exportList');
    // Simulated time: the burst and the quiet 50 ms after it are exact, whatever the machine's load.
    const clock = new SimulatedClock();
    const actor = createActor(listQueryMachine.provide({ actors: control.actors }), {
      input: { spec },
      clock,
    }).start();
    control.resolve('fetchPage', page([]));
    await flush();
    for (const q of ['d', 'du', 'dup']) {
      actor.send({ type: 'search.change', q });
      clock.increment(10);
    }
    expect(control.calls.filter((c) => c.id === 'fetchPage')).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    clock.increment(39);
    expect(control.calls.filter((c) => c.id === 'fetchPage')).toHaveLength(1);
    clock.increment(1);
    const fetches = control.calls.filter((c) => c.id === 'fetchPage');
    expect(fetches).toHaveLength(2);
    expect((fetches[1]!.input as ListQuery).q).toBe('dup');
  });

  it('never lets a stale response overwrite a newer one', async () => {
    const pending: Array<{ query: ListQuery; resolve: (p: Page<unknown>) => void }> = [];
    const fetchPage = fromPromise<Page<unknown>, ListQuery>(
      ({ input }) => new Promise((resolve) => pending.push({ query: input, resolve })),
    );
    const actor = createActor(listQueryMachine.provide({ actors: { fetchPage } }), {
      input: { spec },
    }).start();
    actor.send({ type: 'page.change', page: 1 });
    actor.send({ type: 'page.change', page: 2 });
    expect(pending.map((p) => p.query.page)).toEqual([0, 1, 2]);
    pending[2]?.resolve(page(['page 2']));
    pending[0]?.resolve(page(['page 0']));
    pending[1]?.resolve(page(['page 1']));
    await flush();
    expect(actor.getSnapshot().context.page?.items).toEqual(['page 2']);
  });

  it('applies a preset with its sort, and "Effacer filtres" restores the defaults', () => {
    const control = controlledActors('fetchPage', 'exportList');
    const actor = createActor(listQueryMachine.provide({ actors: control.actors }), {
      input: { spec },
    }).start();
    actor.send({ type: 'preset.change', preset: 'SEF' });
    expect(actor.getSnapshot().context.query.sort).toEqual([
      { field: 'dateEnregistrementResil', dir: 'desc' },
    ]);
    actor.send({ type: 'filter.change', field: 'cp', value: { op: 'startsWith', value: '75' } });
    actor.send({ type: 'filters.clear' });
    expect(actor.getSnapshot().context.query).toEqual({
      filters: {},
      q: '',
      preset: null,
      sort: spec.defaultSort,
      page: 0,
      size: 10,
    });
  });

  it('ignores a second export request while exporting', () => {
    const control = controlledActors('fetchPage', 'exportList');
    const actor = createActor(listQueryMachine.provide({ actors: control.actors }), {
      input: { spec },
    }).start();
    actor.send({ type: 'export.request' });
    actor.send({ type: 'export.request' });
    expect(control.calls.filter((c) => c.id === 'exportList')).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
  });
});
