import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';
import { columnOf, type FieldDef, type FieldType } from './fields.ts';
import { likePattern, normaliseValue } from './values.ts';

const f = (name: string, type: FieldType, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  column: columnOf(name),
  type,
  label,
  ...extra,
});

describe('normaliseValue', () => {
  it.each([
    ['date', '2024-02-29', '2024-02-29'],
    ['date', '2023-02-29', null],
    ['date', '2024-1-01', null],
    ['date', "2024-01-01' or '1'='1", null],
    ['timestamp', '2024-01-10T08:30:00Z', '2024-01-10T08:30:00Z'],
    ['timestamp', '2024-01-10T25:00:00Z', null],
    ['timestamp', '2024-01-10T08:30:00+14:00', '2024-01-10T08:30:00+14:00'],
    ['timestamp', '9999-12-31T23:59:59+99:99', null],
    ['timestamp', '2024-01-10T08:30:00-16:00', null],
    ['money', '-12.34', '-12.34'],
    ['money', '1.005', null],
    ['money', '1e3', null],
    ['rate', '0.123456', '0.123456'],
    ['integer', '150', '150'],
    ['integer', '1.5', null],
    ['id', '9999999999999999', null],
  ] as const)('%s %s → %s', (type, raw, expected) => {
    expect(normaliseValue(f('x', type, 'X'), raw)).toBe(expected);
  });

  it('accepts only listed codes for enums', () => {
    const field = f('typeMessage', 'enum', 'Type', { values: ['AFN', 'RSL'] });
    expect(normaliseValue(field, 'AFN')).toBe('AFN');
    expect(normaliseValue(field, 'XXX')).toBeNull();
  });
});

describe('likePattern', () => {
  it('escapes wildcards so they match themselves', () => {
    expect(likePattern('100%_a\\b', 'contains')).toBe('%100\\%\\_a\\\\b%');
    expect(likePattern('du', 'startsWith')).toBe('du%');
  });
});

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses formulas in text but leaves negative amounts alone', () => {
    expect(csvCell('=HYPERLINK("x")', f('nom', 'text', 'Nom'))).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12,50', f('montant', 'money', 'Montant'))).toBe('-12,50');
  });
});
