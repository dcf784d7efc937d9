import { describe, expect, it } from 'vitest';
import { type Column, columnWidths, recordLines, rowLine, ruleLine, truncate } from './layout.ts';

const tableLines = (columns: readonly Column[], rows: readonly (readonly string[])[], total: number) => {
  const widths = columnWidths(columns, rows, total);
  return [
    rowLine(
      columns,
      widths,
      columns.map((c) => c.header),
    ),
    ruleLine(widths),
    ...rows.map((row) => rowLine(columns, widths, row)),
  ];
};

describe('table layout', () => {
  const columns = [{ header: 'Police' }, { header: 'Nom' }, { header: 'Montant', right: true }];
  const rows = [
    ['UCR2024000001', 'DUPONT Jean-Émile de la Rochefoucauld', '1 234,56 €'],
    ['2MA2024000002', 'MARTIN Zoé', '12,00 €'],
  ];

  it('keeps natural widths when they fit', () => {
    expect(columnWidths(columns, rows, 200)).toEqual([13, 37, 10]);
  });

  it('shrinks the widest column first so every line fits the terminal, cutting with …', () => {
    const lines = tableLines(columns, rows, 50);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
    expect(lines[2]).toBe('UCR2024000001  DUPONT Jean-Émile de l…  1 234,56 €');
    expect(lines[3]!.endsWith('   12,00 €')).toBe(true); // right-aligned amounts
    expect(lines[1]).toMatch(/^─+ {2}─+ {2}─+$/);
  });

  it('never cuts the first column, what names the row, however narrow the terminal', () => {
    const lines = tableLines(columns, rows, 30);
    expect(lines[2]!.startsWith('UCR2024000001  ')).toBe(true);
    expect(lines[3]!.startsWith('2MA2024000002  ')).toBe(true);
    // The others shrink in its place, cut with …
    expect(lines[2]).toBe('UCR2024000001  DUPON…  1 234,…');
    // Even when the key alone is wider than the terminal.
    expect(columnWidths(columns, rows, 8)[0]).toBe(13);
  });

  it('counts accented characters once', () => {
    expect(truncate('Zoé Éloïse', 5)).toBe('Zoé …');
  });

  it('aligns record labels', () => {
    expect(
      recordLines([
        ['Login', 'admin'],
        ['Broker code', ''],
      ]),
    ).toEqual(['Login        admin', 'Broker code']);
  });
});
