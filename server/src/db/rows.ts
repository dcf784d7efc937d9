/**
 * Column names are snake_case in SQL and camelCase in JSON: this is the one place that
 * converts between them, so no route spells a mapping by hand.
 */
import type { Row } from './types.ts';

const cache = new Map<string, string>();

/** `code_courtier` → `codeCourtier`, `tel_1` → `tel1`. */
export function camelCase(name: string): string {
  let out = cache.get(name);
  if (out === undefined) {
    out = name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    cache.set(name, out);
  }
  return out;
}

/** `codeCourtier` → `code_courtier`, `tel1` → `tel1`, `ageAdherent` → `age_adherent` (the migrations' names). */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A row with its keys in camelCase; values are kept as the driver gave them. */
export function camelRow<T = Record<string, unknown>>(row: Row): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) out[camelCase(key)] = row[key];
  return out as T;
}
