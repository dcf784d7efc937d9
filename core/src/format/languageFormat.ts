import { type Cents, toCents } from '../domain/money.ts';
import type { Language } from '../i18n/languages.ts';
import { DISPLAY_TIME_ZONE, type FieldFormat, FRENCH_FORMAT, formatEurCents } from './display.ts';

/** Money, rates, dates and instants in one language's conventions (`formatField`'s third argument). */
export interface LanguageFormat extends FieldFormat {
  /** Exact integer cents in euros. */
  readonly cents: (cents: Cents | number) => string;
  /** An amount as the server sends it; empty for null. */
  readonly amount: (amount: number | null | undefined) => string;
  /** A `yyyy-MM-dd` date; empty for null. */
  readonly date: (date: string | null | undefined) => string;
}

const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const englishCents = (cents: Cents | number) => euros.format(Math.round(cents) / 100);

const instants = new Intl.DateTimeFormat('sv-SE', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const english: LanguageFormat = {
  cents: englishCents,
  amount: (amount) => (amount === null || amount === undefined ? '' : englishCents(toCents(amount))),
  percent: (rate) =>
    rate === null || rate === undefined ? '' : `${Number((rate * 100).toFixed(2)).toString()} %`,
  date: (date) => date?.slice(0, 10) ?? '',
  month: (date) => date?.slice(0, 7) ?? '',
  // ISO-like, in the brokers' zone as the French form is: `2026-11-24 09:05`.
  dateTime: (iso) => (!iso || Number.isNaN(Date.parse(iso)) ? (iso ?? '') : instants.format(new Date(iso))),
};

const french: LanguageFormat = { cents: formatEurCents, ...FRENCH_FORMAT };

/**
 * The display rules of docs/product.md §3 in French (the web's), with an English counterpart for output
 * read in English (the CLI under `EXTRANET_LANG=en`): `€1,234.56`, `12.5 %` and ISO dates.
 *
 * @example formatIn('en').cents(123456) // '€1,234.56'
 */
export const formatIn = (language: Language): LanguageFormat => (language === 'fr' ? french : english);
