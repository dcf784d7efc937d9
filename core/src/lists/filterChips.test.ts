import { describe, expect, it } from 'vitest';
import { policeDescriptor } from '../descriptors/police.ts';
import { filterChips } from './filterChips.ts';

describe('filterChips', () => {
  it('gives one chip per filter that restricts the rows, in order, naming three values at most', () => {
    expect(
      filterChips({
        idPolice: { op: 'in', values: ['1', '2', '3', '4', '5'] },
        statut: { op: 'in', values: [] },
        nomprenom: { op: 'startsWith', value: 'Dum' },
        ville: { op: 'contains', value: '  ' },
        dateEffet: { op: 'range', gte: '2026-01-01', lte: '' },
        age: { op: 'range' },
      }),
    ).toEqual([
      { field: 'idPolice', kind: 'values', values: ['1', '2', '3'], more: 2 },
      { field: 'nomprenom', kind: 'text', op: 'startsWith', value: 'Dum' },
      { field: 'dateEffet', kind: 'range', gte: '2026-01-01', lte: null },
    ]);
  });

  it("counts a choice among the list's internal ids instead of naming them; other choices keep their values", () => {
    expect(
      filterChips(
        {
          idPolice: { op: 'in', values: ['101', '102', '103', '104'] },
          statut: { op: 'in', values: ['E'] },
        },
        policeDescriptor,
      ),
    ).toEqual([
      { field: 'idPolice', kind: 'selection', count: 4 },
      { field: 'statut', kind: 'values', values: ['E'], more: 0 },
    ]);
  });

  it('gives none without filters', () => {
    expect(filterChips({})).toEqual([]);
  });
});
