import type { FilterValue } from '../api/listParams.ts';
import { type MessageRef, message } from '../i18n/message.ts';

/**
 * The filter widgets of docs/product.md §2 as `filter.change` values, with their bounds: multi-selects
 * ('Tous' = no filter), prefix text inputs, the postal code (5 characters), age spinners
 * (0 to 150, both bounds inclusive: docs/design.md §6), date ranges and the birth month (1 to 12).
 * Each returns null when the widget restricts nothing, which removes the filter.
 */
export const multiSelect = (values: readonly string[]): FilterValue | null =>
  values.length === 0 ? null : { op: 'in', values };

export const startsWith = (value: string): FilterValue | null =>
  value.trim() === '' ? null : { op: 'startsWith', value: value.trim() };

export const contains = (value: string): FilterValue | null =>
  value.trim() === '' ? null : { op: 'contains', value: value.trim() };

/** Postal code: a prefix of at most 5 characters. */
export const postalCode = (value: string): FilterValue | null => startsWith(value.slice(0, 5));

const clampAge = (age: number | null | undefined) =>
  age === null || age === undefined || Number.isNaN(age)
    ? undefined
    : Math.min(150, Math.max(0, Math.trunc(age)));

/** The age spinners' bounds, both inclusive (docs/design.md §6). */
export const AGE_BOUNDS = { min: 0, max: 150 } as const;

const ageOf = (text: string): number | null | 'invalid' => {
  if (text.trim() === '') return null;
  const age = Number(text);
  return Number.isInteger(age) && age >= AGE_BOUNDS.min && age <= AGE_BOUNDS.max ? age : 'invalid';
};

/**
 * The age spinners as typed: the filter they make, or why they are refused (a bound outside
 * 0–150 or not a whole number, or a minimum above the maximum). A refused pair changes nothing.
 */
export const ageInput = (
  from: string,
  to: string,
): { readonly filter: FilterValue | null } | { readonly error: MessageRef } => {
  const gte = ageOf(from);
  const lte = ageOf(to);
  if (gte === 'invalid' || lte === 'invalid')
    return { error: message('lists.ageOutOfRange', { min: AGE_BOUNDS.min, max: AGE_BOUNDS.max }) };
  if (gte !== null && lte !== null && gte > lte) return { error: message('lists.ageMinAboveMax') };
  return { filter: ageRange(gte, lte) };
};

/** Age spinners: `gte`/`lte`, clamped to 0..150. */
export const ageRange = (from?: number | null, to?: number | null): FilterValue | null => {
  const gte = clampAge(from);
  const lte = clampAge(to);
  if (gte === undefined && lte === undefined) return null;
  return {
    op: 'range',
    ...(gte === undefined ? {} : { gte: String(gte) }),
    ...(lte === undefined ? {} : { lte: String(lte) }),
  };
};

/** Date range (from uses gte, to uses lte), both `yyyy-MM-dd`. */
export const dateRange = (from?: string | null, to?: string | null): FilterValue | null => {
  if (!from && !to) return null;
  return { op: 'range', ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
};

/** 'Né en': the birth month, 1 to 12. */
export const birthMonth = (month: number | null | undefined): FilterValue | null =>
  month === null || month === undefined || month < 1 || month > 12 || !Number.isInteger(month)
    ? null
    : { op: 'equals', value: String(month) };

/** The widgets' builders in one object: `filterOf.ageRange(30, 40)`. */
export const filterOf = { multiSelect, startsWith, contains, postalCode, ageRange, dateRange, birthMonth };
