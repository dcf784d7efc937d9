import type { Value } from './rowSchema.ts';

/** A database value and an imported value in one comparable text form. */
export const canonical = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && /^\d+$/.test(v)) return v.replace(/^0+(?=\d)/, '');
  return String(v);
};

export const sameValues = (
  stored: Readonly<Record<string, unknown>>,
  incoming: Readonly<Record<string, Value>>,
  columns: readonly string[],
) => columns.every((c) => canonical(stored[c]) === canonical(incoming[c]));

export const keyOf = (row: Readonly<Record<string, unknown>>, key: readonly string[]) =>
  key.map((k) => canonical(row[k])).join('\u0000');
