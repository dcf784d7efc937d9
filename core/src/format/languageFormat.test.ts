import { describe, expect, it } from 'vitest';
import { formatIn } from './languageFormat.ts';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');

describe('money and dates by language', () => {
  it('follows docs/product.md §3 in French', () => {
    const fr = formatIn('fr');
    expect(plain(fr.cents(123456))).toBe('1 234,56 €');
    expect(plain(fr.amount(0.1 + 0.2))).toBe('0,30 €');
    expect(fr.date('2024-12-31')).toBe('31/12/2024');
  });

  it('writes euros and ISO dates in English', () => {
    const en = formatIn('en');
    expect(en.cents(123456)).toBe('€1,234.56');
    expect(en.cents(-5)).toBe('-€0.05');
    expect(en.amount(0.1 + 0.2)).toBe('€0.30');
    expect(en.date('2024-12-31')).toBe('2024-12-31');
    expect(en.date('2024-12-31T10:00:00Z')).toBe('2024-12-31');
  });

  it('shows nothing for a missing value', () => {
    for (const language of ['fr', 'en'] as const) {
      expect(formatIn(language).amount(null)).toBe('');
      expect(formatIn(language).date(undefined)).toBe('');
    }
  });
});
