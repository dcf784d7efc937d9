import { describe, expect, it } from 'vitest';
import { exportParams, listParams } from './listParams.ts';
import { parseLinkHeader, parseSort, toggleSort } from './paging.ts';

describe('list parameters', () => {
  it('writes page, size, repeated sort, field.op filters, q and preset', () => {
    const params = listParams({
      filters: {
        statut: { op: 'in', values: ['En cours', 'A venir'] },
        formule: { op: 'startsWith', value: ' F1 ' },
        dateEffet: { op: 'range', gte: '2024-01-01', lte: '2024-12-31' },
        ageAdherent: { op: 'range', gte: '30' },
        risque: { op: 'in', values: [] },
        nomprenom: { op: 'contains', value: '  ' },
      },
      q: ' dupont ',
      preset: 'SEF',
      sort: [
        { field: 'dateEnregistrementResil', dir: 'desc' },
        { field: 'id', dir: 'asc' },
      ],
      page: 2,
      size: 15,
    });
    expect(params).toEqual([
      ['page', '2'],
      ['size', '15'],
      ['ageAdherent.gte', '30'],
      ['dateEffet.gte', '2024-01-01'],
      ['dateEffet.lte', '2024-12-31'],
      ['formule.startsWith', 'F1'],
      ['statut.in', 'En cours,A venir'],
      ['q', 'dupont'],
      ['preset', 'SEF'],
      ['sort', 'dateEnregistrementResil,desc'],
      ['sort', 'id,asc'],
    ]);
  });

  it('exports the selection without paging, with the visible columns in order', () => {
    const params = exportParams(
      { filters: {}, q: '', preset: null, sort: [{ field: 'mois', dir: 'desc' }] },
      ['mois', 'montant'],
    );
    expect(params).toEqual([
      ['sort', 'mois,desc'],
      ['columns', 'mois,montant'],
    ]);
  });

  it('parses the JHipster Link header and sort strings', () => {
    expect(
      parseLinkHeader(
        '</api/users?page=7&size=50>; rel="next",</api/users?page=5&size=50>; rel="prev",</api/users?page=7&size=50>; rel="last",</api/users?page=0&size=50>; rel="first"',
      ),
    ).toEqual({ next: 7, prev: 5, last: 7, first: 0 });
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader('garbage; rel=next')).toEqual({});
    expect(parseSort(['mois,desc', 'id', ''])).toEqual([
      { field: 'mois', dir: 'desc' },
      { field: 'id', dir: 'asc' },
    ]);
  });

  it('turns header clicks into sorts: a click sorts or flips, a shift-click adds or flips in place', () => {
    const byId = [{ field: 'id', dir: 'asc' } as const];
    expect(toggleSort(byId, 'login', false)).toEqual([{ field: 'login', dir: 'asc' }]);
    expect(toggleSort(byId, 'id', false)).toEqual([{ field: 'id', dir: 'desc' }]);
    const two = toggleSort(byId, 'login', true);
    expect(two).toEqual([...byId, { field: 'login', dir: 'asc' }]);
    expect(toggleSort(two, 'id', true)).toEqual([
      { field: 'id', dir: 'desc' },
      { field: 'login', dir: 'asc' },
    ]);
    expect(toggleSort(two, 'login', false)).toEqual([{ field: 'login', dir: 'asc' }]);
  });
});
