import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listParams } from '../api/listParams.ts';
import { listQueryMachine } from '../machines/listQuery.machine.ts';
import { controlledActors } from '../testing/modelPaths.ts';
import { addressParams, filtersOf, isShown, readAddress, showList, withAddress } from './listAddress.ts';
import { LIST_SPECS } from './listSpecs.ts';
import { savedAddress, savedQuery } from './savedQuery.ts';

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

  it('reads `field.op=value` filters: lists trimmed, one range from gte and lte, the last value of a field', () => {
    expect(
      filtersOf([
        ['risque.in', 'Santé, Obsèques,'],
        ['nomprenom.contains', 'du'],
        ['age.gte', '30'],
        ['age.lte', '40'],
        ['cp.startsWith', '75'],
        ['cp.startsWith', '92'],
        ['statut.in', 'En cours'],
        ['statut.in', ''],
        ['q', 'x'],
        ['risque.like', 'x'],
      ]),
    ).toEqual({
      risque: { op: 'in', values: ['Santé', 'Obsèques'] },
      nomprenom: { op: 'contains', value: 'du' },
      age: { op: 'range', gte: '30', lte: '40' },
      cp: { op: 'startsWith', value: '92' },
      // Given again blank: no longer restricted (the CLI's way to drop a saved list's filter).
      statut: { op: 'in', values: [] },
    });
    // In an address, a blank parameter leaves the field as a fresh list has it.
    expect(readAddress(LIST_SPECS.timeline, [['typeMessage.in', '']], columns).query.filters).toEqual(
      LIST_SPECS.timeline.defaultFilters,
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

  it("keeps a statement's lines under their own keys, beside the statement's `first` and `from`", () => {
    const lines = LIST_SPECS.mouvements;
    const cols = { defaultColumns: lines.defaultColumns, allowedColumns: lines.selectableColumns };
    const route = [
      ['first', '24'],
      ['from', '7'],
      ['tab', 'lines'],
      ['lines.typeMouvement.in', 'REC,LIN'],
      ['lines.sort', 'montant,desc'],
      ['lines.page', '1'],
    ] as const;
    const state = readAddress(lines, route, cols);
    // `first` is the statement list's position, not the lines' page.
    expect(state.query.page).toBe(1);
    expect(state.query.filters.typeMouvement).toEqual({ op: 'in', values: ['REC', 'LIN'] });
    expect(state.query.sort).toEqual([{ field: 'montant', dir: 'desc' }]);
    const own = addressParams(lines, { ...state, query: { ...state.query, page: 2 } }, cols);
    expect(withAddress(route, own, lines.address)).toEqual([
      ['first', '24'],
      ['from', '7'],
      ['tab', 'lines'],
      ['lines.typeMouvement.in', 'REC,LIN'],
      ['lines.sort', 'montant,desc'],
      ['lines.page', '2'],
    ]);
    expect(isShown(route, lines.address)).toBe(true);
    // Leaving the tab takes the lines' keys and mark away; opening it puts the mark back.
    const left = showList(route, lines.address, false);
    expect(left).toEqual([
      ['first', '24'],
      ['from', '7'],
    ]);
    expect(isShown(left, lines.address)).toBe(false);
    expect(showList(left, lines.address, true)).toEqual([...left, ['tab', 'lines']]);
    // The statement list itself reads none of them.
    expect(readAddress(LIST_SPECS.commission, [['lines.page', '3']], cols).query.page).toBe(0);
  });

  it("saves a list's own keys with the API's names, and applies them where the list is", () => {
    const place = LIST_SPECS.mouvements.address;
    const route = [
      ['first', '24'],
      ['tab', 'lines'],
      ['lines.typeMouvement.in', 'REC'],
      ['lines.page', '2'],
    ] as const;
    expect(savedQuery(route, place)).toBe('typeMouvement.in=REC');
    // Applied to the statement on screen: its own keys kept, the lines' replaced, the tab shown.
    expect(savedAddress(route, 'sort=montant,desc', place)).toBe(
      'first=24&tab=lines&lines.sort=montant%2Cdesc',
    );
    expect(savedAddress([['first', '24']], '', place)).toBe('first=24&tab=lines');
    // A bare list's: the rest of the route stays, the list's position goes.
    expect(
      savedAddress(
        [
          ['fiche', '9'],
          ['page', '3'],
          ['q', 'x'],
        ],
        'q=a',
      ),
    ).toBe('fiche=9&q=a');
    expect(
      savedQuery([
        ['cp.startsWith', '75'],
        ['page', '2'],
        ['fiche', '9'],
      ]),
    ).toBe('cp.startsWith=75');
  });

  it("counts the timeline's pages from 1 and leaves out its types while they are the first ones", () => {
    const timeline = LIST_SPECS.timeline;
    const none = { defaultColumns: [], allowedColumns: [] };
    const fresh = readAddress(timeline, [], none);
    expect(addressParams(timeline, fresh, none)).toEqual([]);
    const third = readAddress(
      timeline,
      [
        ['page', '3'],
        ['typeMessage.in', 'IMP'],
      ],
      none,
    );
    expect(third.query.page).toBe(2);
    expect(addressParams(timeline, third, none)).toEqual([
      ['typeMessage.in', 'IMP'],
      ['page', '3'],
    ]);
    expect(
      savedQuery(
        [
          ['page', '3'],
          ['typeMessage.in', 'IMP'],
        ],
        timeline.address,
      ),
    ).toBe('typeMessage.in=IMP');
  });
});
