/**
 * Both drivers turn column values into the same JavaScript values, so code and tests do not
 * care which database runs: int8 → number (ids and counts stay far below 2^53), numeric →
 * decimal string (money is never a float), date → 'YYYY-MM-DD' string (no time-zone shift),
 * timestamptz → Date, json/jsonb → parsed value.
 */
export const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  INT8_ARRAY: 1016,
  DATE_ARRAY: 1182,
} as const;

export const parseInt8 = (value: string): number => Number.parseInt(value, 10);
export const parseDate = (value: string): string => value;

/** Splits a one-dimensional PostgreSQL array literal of plain tokens, e.g. `{1,2,NULL}`. */
export function parseSimpleArray<T>(value: string, item: (raw: string) => T): (T | null)[] {
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((raw) => (raw === 'NULL' ? null : item(raw.replace(/^"|"$/g, ''))));
}
