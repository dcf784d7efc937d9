import { type Cents, toCents } from '../domain/money.ts';
import type { Language } from '../i18n/languages.ts';
import { formatDate, formatEur, formatEurCents } from './display.ts';

/** Money and calendar dates in one language's conventions. */
export interface LanguageFormat {
  /** Exact integer cents in euros. */
  readonly cents: (cents: Cents | number) => string;
  /** An amount as the server sends it; empty for null. */
  readonly amount: (amount: number | null | undefined) => string;
  /** A `yyyy-MM-dd` date; empty for null. */
  readonly date: (date: string | null | undefined) => string;
}

const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const englishCents = (cents: Cents | number) => euros.format(Math.round(cents) / 100);

const english: LanguageFormat = {
  cents: englishCents,
  amount: (amount) => (amount === null || amount === undefined ? '' : englishCents(toCents(amount))),
  date: (date) => date?.slice(0, 10) ?? '',
};

/**
 * The display rules of docs/product.md §3 in French (the web's), with an English counterpart for output
 * read in English (the CLI under `EXTRANET_LANG=en`): `€1,234.56` and ISO dates.
 *
 * @example formatIn('en').cents(123456) // '€1,234.56'
 */
export const formatIn = (language: Language): LanguageFormat =>
  language === 'fr' ? { cents: formatEurCents, amount: formatEur, date: formatDate } : english;
