import { describe, expect, it } from 'vitest';
import {
  ageInput,
  ageRange,
  birthMonth,
  dateRange,
  multiSelect,
  postalCode,
  startsWith,
} from './filterBuilders.ts';

describe('filter widgets', () => {
  it('builds filters with the bounds of docs/product.md §2 and §5', () => {
    expect(multiSelect([])).toBeNull();
    expect(multiSelect(['Impayé'])).toEqual({ op: 'in', values: ['Impayé'] });
    expect(startsWith('  ')).toBeNull();
    expect(postalCode('750123')).toEqual({ op: 'startsWith', value: '75012' });
    expect(ageRange(-3, 200)).toEqual({ op: 'range', gte: '0', lte: '150' });
    expect(ageRange(30, null)).toEqual({ op: 'range', gte: '30' });
    expect(ageRange(null, undefined)).toBeNull();
    expect(dateRange('2024-01-01', null)).toEqual({ op: 'range', gte: '2024-01-01' });
    expect(dateRange(null, null)).toBeNull();
    expect(birthMonth(13)).toBeNull();
    expect(birthMonth(2)).toEqual({ op: 'equals', value: '2' });
  });

  it('refuses ages outside 0–150, not whole, or a minimum above the maximum', () => {
    expect(ageInput('30', '40')).toEqual({ filter: { op: 'range', gte: '30', lte: '40' } });
    expect(ageInput('', '150')).toEqual({ filter: { op: 'range', lte: '150' } });
    expect(ageInput('', '')).toEqual({ filter: null });
    expect(ageInput('40', '40')).toEqual({ filter: { op: 'range', gte: '40', lte: '40' } });
    expect(ageInput('151', '')).toEqual({
      error: { key: 'lists.ageOutOfRange', params: { min: 0, max: 150 } },
    });
    expect(ageInput('-1', '')).toMatchObject({ error: { key: 'lists.ageOutOfRange' } });
    expect(ageInput('2.5', '')).toMatchObject({ error: { key: 'lists.ageOutOfRange' } });
    expect(ageInput('50', '40')).toEqual({ error: { key: 'lists.ageMinAboveMax' } });
  });
});
