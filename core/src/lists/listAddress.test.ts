import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listParams } from '../api/listParams.ts';
import { listQueryMachine } from '../machines/listQuery.machine.ts';
import { controlledActors } from '../testing/modelPaths.ts';
import { addressParams, readAddress, withAddress } from './listAddress.ts';
import { LIST_SPECS } from './listSpecs.ts';

const spec = LIST_SPECS.police;
const columns = { defaultColumns: spec.defaultColumns, allowedColumns: [...spec.selectableColumns] };
const fresh = readAddress(spec, [], columns);

describe('list address', () => {
  it('is bare for a fresh list, and a bare address is a fresh list', () => {
    expect(addressParams(spec, fresh, columns)).toEqual([]);
    expect(fresh.query).toEqual({
      filters: {},
      q: '',
      preset: null,
      sort: spec.defaultSort,
      page: 0,
      size: 10,
    });
    expect(fresh.columns).toEqual(spec.defaultColumns);
  });

  it("writes a list's state with the API's parameter names and reads it back", () => {
    const state = {
      query: {
        filters: {
          statut: { op: 'in', values: ['En cours', 'Résilié'] },
          cp: { op: 'startsWith', value: '75' },
          dateEffet: { op: 'range', gte: '2020-01-01', lte: '2021-12-31' },
        },
        q: 'dumont',
        preset: 'VIG',
        sort: [
          { field: 'nomprenom', dir: 'desc' },
          { field: 'risque', dir: 'asc' },
        ],
        page: 2,
        size: 20,
      },
      columns: ['police', 'nomprenom', 'ville'],
    } as const;
    const params = addressParams(spec, state, columns);
    expect(params).toEqual([
      ['cp.startsWith', '75'],
      ['dateEffet.gte', '2020-01-01'],
      ['dateEffet.lte', '2021-12-31'],
      ['statut.in', 'En cours,Résilié'],
      ['q', 'dumont'],
      ['preset', 'VIG'],
      ['sort', 'nomprenom,desc'],
      ['sort', 'risque,asc'],
      ['page', '2'],
      ['size', '20'],
      ['columns', 'police,nomprenom,ville'],
    ]);
    expect(readAddress(spec, params, columns)).toEqual(state);
    // The same names the API reads: the address minus `columns` is the list request.
    expect(new Set(listParams(state.query).map(([k, v]) => `${k}=${v}`))).toEqual(
      new Set(params.filter(([k]) => k !== 'columns').map(([k, v]) => `${k}=${v}`)),
    );
  });

  it('leaves out what the preset implies and falls back on what it does not know', () => {
    const sef = readAddress(spec, [['preset', 'SEF']], columns);
    expect(sef.query.sort).toEqual(spec.presets.SEF?.sort);
    expect(addressParams(spec, sef, columns)).toEqual([['preset', 'SEF']]);
    const odd = readAddress(
      spec,
      [
        ['preset', 'NOPE'],
        ['size', '7'],
        ['page', '-1'],
        ['columns', 'police,secret'],
        ['a.b.c', 'x'],
        ['x.drop', 'y'],
      ],
      columns,
    );
    expect(odd).toEqual({ query: { ...fresh.query }, columns: ['police'] });
  });

  it("takes the statement list's `first` as its page, and rewrites only its own keys", () => {
    const statements = LIST_SPECS.commission;
    const cols = { defaultColumns: statements.defaultColumns, allowedColumns: statements.selectableColumns };
    expect(readAddress(statements, [['first', '24']], cols).query.page).toBe(2);
    expect(
      withAddress(
        [
          ['first', '24'],
          ['fiche', '12'],
          ['q', 'old'],
          ['statut.in', 'x'],
        ],
        [['page', '2']],
      ),
    ).toEqual([
      ['fiche', '12'],
      ['page', '2'],
    ]);
  });

  it('moves the list machine to a new address at once, with its columns', () => {
    const control = controlledActors('fetchPage', 'exportList');
    const actor = createActor(listQueryMachine.provide({ actors: control.actors }), {
      input: { spec },
    }).start();
    const target = readAddress(
      spec,
      [
        ['q', 'dumont'],
        ['page', '1'],
        ['columns', 'police'],
      ],
      columns,
    );
    actor.send({ type: 'address.change', ...target });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ data: 'loading' })).toBe(true);
    expect(snapshot.context.columns).toEqual(['police']);
    expect(control.calls.filter((c) => c.id === 'fetchPage').at(-1)?.input).toEqual(target.query);
  });
});
