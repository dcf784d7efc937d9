import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvWriter } from './csv.ts';

describe('CSV writer', () => {
  it('quotes separators, quotes and line breaks; defuses formulas; decimal comma', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-12.5)).toBe('-12,5');
    expect(csvCell(null)).toBe('');
  });

  it('writes a BOM and header first, then rows chunk by chunk', () => {
    const csv = csvWriter<{ police: string; montant: number }>([
      { label: 'Police', value: (r) => r.police },
      { label: 'Montant', value: (r) => r.montant },
    ]);
    const text =
      csv.header() + csv.chunk([{ police: 'P1', montant: 1.5 }]) + csv.chunk([{ police: 'P;2', montant: 3 }]);
    expect(text).toBe(`${BOM}Police;Montant\r\nP1;1,5\r\n"P;2";3\r\n`);
  });
});
