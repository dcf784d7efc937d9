/**
 * Rules as data: a condition on a resource's fields, declared once in core and read by both
 * sides — the server's engine turns it into SQL (server/src/entities/engine/condition-sql.ts), the
 * clients evaluate it on a row (`matches`). Presets and totals of the descriptors are conditions;
 * no SQL fragment travels between packages by name.
 */

/** A date relative to the day the condition is evaluated on: `{ daysFromToday: -30 }`. */
export interface RelativeDate {
  readonly daysFromToday: number;
}

export type ConditionValue = string | number | boolean;

export type Condition =
  /** Every condition holds; `{ all: [] }` always holds (the preset showing every row). */
  | { readonly all: readonly Condition[] }
  /** One of the conditions holds. */
  | { readonly any: readonly Condition[] }
  | { readonly not: Condition }
  | { readonly field: string; readonly op: 'isNull' | 'isNotNull' }
  /** `ne` is SQL's `<>` (a null field is neither equal nor different); `distinctFrom` counts null as different. */
  | { readonly field: string; readonly op: 'eq' | 'ne' | 'distinctFrom'; readonly value: ConditionValue }
  | { readonly field: string; readonly op: 'in'; readonly values: readonly ConditionValue[] }
  | {
      readonly field: string;
      readonly op: 'gte' | 'gt' | 'lte' | 'lt';
      readonly value: ConditionValue | RelativeDate;
    };

/** The condition every row meets. */
export const ALWAYS: Condition = { all: [] };

export const isAlways = (condition: Condition): boolean => 'all' in condition && condition.all.length === 0;

/** The fields a condition reads, each once (describe() checks they are the resource's). */
export const conditionFields = (condition: Condition): string[] => {
  if ('all' in condition) return [...new Set(condition.all.flatMap(conditionFields))];
  if ('any' in condition) return [...new Set(condition.any.flatMap(conditionFields))];
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
};

/** `YYYY-MM-DD` of the day `days` after `today` (an ISO date). */
export const shiftDay = (today: string, days: number): string => {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const isRelative = (value: ConditionValue | RelativeDate): value is RelativeDate =>
  typeof value === 'object' && value !== null && 'daysFromToday' in value;

type Row = { readonly [field: string]: unknown };

/**
 * Whether a row meets the condition, with SQL's meaning (a comparison with a null field fails;
 * `distinctFrom` does not). Dates compare as ISO text; `today` dates relative values.
 */
export const matches = (condition: Condition, row: Row, today?: string): boolean => {
  if ('all' in condition) return condition.all.every((c) => matches(c, row, today));
  if ('any' in condition) return condition.any.some((c) => matches(c, row, today));
  if ('not' in condition) return !matches(condition.not, row, today);
  const value = row[condition.field] ?? null;
  switch (condition.op) {
    case 'isNull':
      return value === null;
    case 'isNotNull':
      return value !== null;
    case 'distinctFrom':
      return value !== condition.value;
    case 'in':
      return value !== null && condition.values.includes(value as ConditionValue);
    default: {
      if (value === null) return false;
      if (condition.op === 'eq') return value === condition.value;
      if (condition.op === 'ne') return value !== condition.value;
      if (isRelative(condition.value) && today === undefined)
        throw new Error(`${condition.field}: a relative date needs today's date`);
      const bound = isRelative(condition.value)
        ? shiftDay(today!, condition.value.daysFromToday)
        : condition.value;
      const [a, b] = [value as ConditionValue, bound];
      if (condition.op === 'gte') return a >= b;
      if (condition.op === 'gt') return a > b;
      if (condition.op === 'lte') return a <= b;
      return a < b;
    }
  }
};
