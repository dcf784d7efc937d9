/**
 * Checks and normalises one user value for a field type before it is bound. Returns the text
 * to bind (PostgreSQL casts it) or null when the value is not acceptable for the type.
 */
import type { FieldDef } from './fields.ts';

const INTEGER = /^-?\d{1,15}$/;
const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const RATE = /^-?\d{1,3}(\.\d{1,6})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

function realDate(y: string, m: string, d: string): boolean {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The SQL cast that turns the bound text into the column's type. */
export function castOf(field: FieldDef): string {
  switch (field.type) {
    case 'id':
    case 'integer':
      return '::bigint';
    case 'money':
    case 'rate':
      return '::numeric';
    case 'date':
      return '::date';
    case 'timestamp':
      return '::timestamptz';
    default:
      return '';
  }
}

/** PostgreSQL text cannot hold NUL: such a value is malformed, not a server error. */
export const hasNul = (raw: string): boolean => raw.includes('\u0000');

export function normaliseValue(field: FieldDef, raw: string): string | null {
  if (hasNul(raw)) return null;
  const value = raw.trim();
  switch (field.type) {
    case 'text':
      return raw.length <= 500 ? raw : null;
    case 'enum':
      return field.values?.includes(value) ? value : null;
    case 'id':
    case 'integer':
      return INTEGER.test(value) ? value : null;
    case 'money':
      return MONEY.test(value) ? value : null;
    case 'rate':
      return RATE.test(value) ? value : null;
    case 'date': {
      const m = DATE.exec(value);
      return m && realDate(m[1]!, m[2]!, m[3]!) ? value : null;
    }
    case 'timestamp': {
      const m = INSTANT.exec(value);
      if (!m || !realDate(m[1]!, m[2]!, m[3]!)) return null;
      if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59))
        return null;
      // PostgreSQL refuses offsets past ±15:59 (a 500 before: '+99:99' reached the query).
      if (m[8] !== undefined && (Number(m[8]) > 15 || Number(m[9]) > 59)) return null;
      return value;
    }
  }
}

/** Escapes LIKE wildcards so `%` and `_` typed by a user match themselves. */
export function likePattern(value: string, mode: 'contains' | 'startsWith'): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return mode === 'contains' ? `%${escaped}%` : `${escaped}%`;
}
