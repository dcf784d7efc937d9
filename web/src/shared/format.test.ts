import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatField, formatMonth, formatRate } from './format.ts';

const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('display rules', () => {
  it('shows amounts in euros with a decimal comma', () => {
    expect(spaces(formatAmount(1234.5))).toBe('1 234,50 €');
    expect(formatAmount(null)).toBe('');
  });
  it('shows dates as dd/MM/yyyy and months as MM/yyyy', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatMonth('2024-03-01')).toBe('03/2024');
  });
  it('shows rates as percentages with up to 2 decimals', () => {
    expect(spaces(formatRate(0.125))).toBe('12,5 %');
    expect(spaces(formatRate(0.12345))).toBe('12,35 %');
  });
  it('picks the format from the field name', () => {
    expect(spaces(formatField('montantCommissionTotale', 10))).toBe('10,00 €');
    expect(spaces(formatField('cotisationTtc', 3))).toBe('3,00 €');
    expect(formatField('dateEffet', '2020-01-02')).toBe('02/01/2020');
    expect(formatField('periode', '2020-01-02')).toBe('02/01/2020');
    expect(formatField('montantTexte', '12,00')).toBe('12,00');
    expect(formatField('nomprenom', 'Durand Marie')).toBe('Durand Marie');
  });
});
