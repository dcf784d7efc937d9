import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../descriptors/descriptor.ts';
import { DESCRIPTORS } from '../descriptors/index.ts';
import {
  formatDate,
  formatDateTime,
  formatEur,
  formatEurCents,
  formatField,
  formatInstantDate,
  formatMonth,
  formatPercent,
  formatShortDateTime,
} from './display.ts';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');

describe('display formatting (docs/product.md §3)', () => {
  it('formats euros in French from exact cents', () => {
    expect(plain(formatEur(1234.56))).toBe('1 234,56 €');
    expect(plain(formatEur(1234567.8))).toBe('1 234 567,80 €');
    expect(plain(formatEur(0.1 + 0.2))).toBe('0,30 €');
    expect(plain(formatEur(-12))).toBe('-12,00 €');
    expect(plain(formatEurCents(-5))).toBe('-0,05 €');
    expect(formatEur(null)).toBe('');
  });

  it('formats rates as percentages with up to 2 decimals', () => {
    expect(plain(formatPercent(0.125))).toBe('12,5 %');
    expect(plain(formatPercent(0.3))).toBe('30 %');
    expect(plain(formatPercent(0.123456))).toBe('12,35 %');
  });

  it('formats dates, months and instants', () => {
    expect(formatDate('2024-03-09')).toBe('09/03/2024');
    expect(formatMonth('2024-03-01')).toBe('03/2024');
    expect(formatDateTime('2024-07-14T08:05:00Z')).toBe('14/07/2024 10:05');
    expect(formatDateTime('2024-01-14T23:30:00Z')).toBe('15/01/2024 00:30');
    expect(formatShortDateTime('2024-01-14T10:00:00Z')).toBe('14/01/24 11:00');
    // An instant's day is Paris's: 23:07 UTC on 27 November is already the 28th there.
    expect(formatInstantDate('2026-11-27T23:07:00Z')).toBe('28/11/2026');
    expect(formatInstantDate('2026-07-14T21:59:00Z')).toBe('14/07/2026');
    expect(formatInstantDate(null)).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it("shows a described field by its descriptor's type, whatever its name", () => {
    // A statement's carried balance is money: its name says nothing of it (it showed '-12.5').
    expect(plain(formatField('soldePrecedent', -12.5))).toBe('-12,50 €');
    for (const descriptor of Object.values(DESCRIPTORS))
      for (const field of fieldsOf(descriptor)) {
        const shown = plain(
          formatField(field.name, field.wire === 'money' || field.wire === 'rate' ? 0.5 : 1),
        );
        if (field.wire === 'money') expect(shown, field.name).toBe('0,50 €');
        else if (field.wire === 'rate') expect(shown, field.name).toBe('50 %');
        else expect(shown, field.name).toBe('1');
      }
  });

  it('picks the rule from the field name', () => {
    expect(plain(formatField('montantCommissionTotale', 10))).toBe('10,00 €');
    expect(plain(formatField('cotisationTtc', 45.5))).toBe('45,50 €');
    expect(plain(formatField('taux', 0.05))).toBe('5 %');
    expect(formatField('dateEffet', '2024-02-01')).toBe('01/02/2024');
    expect(formatField('periode', '2024-02-01')).toBe('01/02/2024');
    expect(formatField('mois', '2024-02-01')).toBe('02/2024');
    expect(formatField('montantTexte', '12,00')).toBe('12,00');
    expect(formatField('nomprenom', 'DUPONT Jean')).toBe('DUPONT Jean');
    expect(formatField('rang', 2)).toBe('2');
  });
});
