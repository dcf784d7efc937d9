import { fieldsOf } from '../descriptors/descriptor.ts';
import type { WireType } from '../descriptors/field.ts';
import { DESCRIPTORS } from '../descriptors/index.ts';
import { type Cents, toCents } from '../domain/money.ts';

/** The no-break space French number formatting uses, so '1 234,56 €' never wraps. */
export const NBSP = '\u00a0';

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/**
 * Euros in French format from exact cents: `123456` → '1 234,56 €' (no-break spaces).
 *
 * @example formatEurCents(-5) // '-0,05 €'
 */
export const formatEurCents = (cents: Cents | number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${group(String(units))},${fraction}${NBSP}€`;
};

/** An amount as the server sends it, in French EUR; empty for null. */
export const formatEur = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '' : formatEurCents(toCents(amount));

/** The most decimals a percentage shows, on screen and in exports (the server's SQL uses it too). */
export const PERCENT_DECIMALS = 2;

/**
 * A rate (fraction) as a percentage with 0 to `maxDecimals` decimals: 0.125 → '12,5 %'.
 */
export const formatPercent = (rate: number | null | undefined, maxDecimals = PERCENT_DECIMALS): string => {
  if (rate === null || rate === undefined) return '';
  const scaled = Math.round(rate * 100 * 10 ** maxDecimals) / 10 ** maxDecimals;
  const text = scaled.toFixed(maxDecimals).replace(/\.?0+$/, '');
  return `${text.replace('.', ',')}${NBSP}%`;
};

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

/** `yyyy-MM-dd` → 'dd/MM/yyyy' (text only: no time zone can shift a calendar date). */
export const formatDate = (date: string | null | undefined): string => {
  const match = date ? isoDate.exec(date) : null;
  return match === null ? (date ?? '') : `${match[3]}/${match[2]}/${match[1]}`;
};

/** `yyyy-MM-dd` → 'MM/yyyy' (statement months). */
export const formatMonth = (date: string | null | undefined): string => {
  const match = date ? isoDate.exec(date) : null;
  return match === null ? (date ?? '') : `${match[2]}/${match[1]}`;
};

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const partsIn = (iso: string, timeZone: string) => {
  let format = dateTimeFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
};

/** The zone instants are shown in: the brokers' (the server's CSV uses the same). */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

/** An ISO instant → 'dd/MM/yyyy HH:mm' in Paris time. */
export const formatDateTime = (iso: string | null | undefined, timeZone = DISPLAY_TIME_ZONE): string => {
  if (!iso || Number.isNaN(Date.parse(iso))) return iso ?? '';
  const p = partsIn(iso, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

/** An ISO instant → its calendar day in Paris time, 'dd/MM/yyyy' (formatDate would take UTC's day). */
export const formatInstantDate = (iso: string | null | undefined, timeZone = DISPLAY_TIME_ZONE): string => {
  if (!iso || Number.isNaN(Date.parse(iso))) return iso ?? '';
  const p = partsIn(iso, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
};

/** An ISO instant → 'dd/MM/yy HH:mm' (user detail, docs/product.md §2). */
export const formatShortDateTime = (iso: string | null | undefined, timeZone = DISPLAY_TIME_ZONE): string => {
  if (!iso || Number.isNaN(Date.parse(iso))) return iso ?? '';
  const p = partsIn(iso, timeZone);
  return `${p.day}/${p.month}/${p.year.slice(2)} ${p.hour}:${p.minute}`;
};

/** How a described field shows (any resource: a name means the same field everywhere). */
const DESCRIBED = new Map(
  Object.values(DESCRIPTORS).flatMap((descriptor) =>
    fieldsOf(descriptor).map((field) => [field.name, field] as const),
  ),
);

/** What an undescribed field's name says it holds (the user's `createdDate`, a statement recap's `montant`). */
const kindByName = (name: string): WireType | 'month' | 'raw' => {
  if (name.endsWith('texte')) return 'raw';
  if (name.includes('montant') || name.includes('cotisation')) return 'money';
  if (name.startsWith('taux')) return 'rate';
  if (name.includes('date')) return 'date';
  return 'raw';
};

const kindOf = (field: string): WireType | 'month' | 'raw' => {
  const described = DESCRIBED.get(field);
  if (described === undefined) return kindByName(field.toLowerCase());
  return described.month === true ? 'month' : described.wire;
};

/** How each kind of value shows in one language (core's `formatIn` gives English's). */
export interface FieldFormat {
  readonly amount: (amount: number | null | undefined) => string;
  readonly percent: (rate: number | null | undefined) => string;
  readonly date: (date: string | null | undefined) => string;
  readonly month: (date: string | null | undefined) => string;
  readonly dateTime: (iso: string | null | undefined) => string;
}

/** The web's formats, docs/product.md §3: French. */
export const FRENCH_FORMAT: FieldFormat = {
  amount: formatEur,
  percent: (rate) => formatPercent(rate),
  date: formatDate,
  month: formatMonth,
  dateTime: (iso) => formatDateTime(iso),
};

/**
 * A field's display by the rules of docs/product.md §3, read from its descriptor: money in EUR,
 * rates as percentages, dates dd/MM/yyyy, accounting months MM/yyyy, instants
 * dd/MM/yyyy HH:mm, everything else raw. A field no descriptor holds goes by its name. The web
 * and the terminal both call it; the terminal passes its language's formats (`formatIn`).
 *
 * @example formatField('tauxCommission', 0.125) // '12,5 %'
 */
export const formatField = (field: string, value: unknown, format: FieldFormat = FRENCH_FORMAT): string => {
  if (value === null || value === undefined) return '';
  const kind = kindOf(field);
  if (typeof value === 'number') {
    if (kind === 'money') return format.amount(value);
    if (kind === 'rate') return format.percent(value);
    return String(value);
  }
  if (typeof value !== 'string') return String(value);
  if (kind === 'month') return format.month(value);
  if (kind === 'timestamp') return format.dateTime(value);
  if (kind === 'date') return format.date(value);
  return value;
};
