import { describe, expect, it } from 'vitest';
import { ageRange, birthMonth, dateRange, multiSelect, postalCode, startsWith } from './filterBuilders.ts';

describe('filter widgets', () => {
  it('builds filters with the bounds of spec §2 and §5', () => {
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
});
