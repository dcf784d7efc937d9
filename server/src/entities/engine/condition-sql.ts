/**
 * Turns core's conditions (core/src/descriptors/condition.ts) into SQL: a preset's WHERE, a
 * total's FILTER. The descriptor's constants are written as SQL literals, quoted here: a partial
 * index (migrations 0003, 0006, 0009: `where motif_resil = 'Sans Effet'`…) serves a statement
 * only when the planner sees the constant, and a prepared statement's generic plan sees a bound
 * `$1` as unknown (a sequential scan and a sort instead: docs/architecture.md "Rules as data").
 * A relative date is bound, as a number of days from the database's current_date. Nothing the
 * request holds reaches these: user values go through the filters' binder (query.ts).
 */
import type { Condition, ConditionValue, RelativeDate } from '@extranet/core/descriptors/condition.ts';
import type { TotalDescription } from '@extranet/core/descriptors/descriptor.ts';
import type { Binder } from './binder.ts';
import { columnOf } from './fields.ts';

/** A descriptor constant as an SQL literal (standard_conforming_strings: only `'` is doubled). */
export function literal(value: ConditionValue): string {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`condition: ${value} is not a number SQL can hold`);
    return String(value);
  }
  return value ? 'true' : 'false';
}

const COMPARATORS = { eq: '=', ne: '<>', gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

const isRelative = (value: ConditionValue | RelativeDate): value is RelativeDate =>
  typeof value === 'object' && value !== null;

/**
 * The SQL of a condition; `bind` takes the relative dates' day counts (without one, as in a
 * constant select expression, a relative date is refused).
 */
export function conditionSql(condition: Condition, bind?: Binder): string {
  if ('all' in condition) {
    if (condition.all.length === 0) return 'true';
    return condition.all.map((c) => group(c, bind)).join(' and ');
  }
  if ('any' in condition) {
    if (condition.any.length === 0) return 'false';
    return condition.any.map((c) => group(c, bind)).join(' or ');
  }
  if ('not' in condition) return `not (${conditionSql(condition.not, bind)})`;
  const column = columnOf(condition.field);
  switch (condition.op) {
    case 'isNull':
      return `${column} is null`;
    case 'isNotNull':
      return `${column} is not null`;
    case 'distinctFrom':
      return `${column} is distinct from ${literal(condition.value)}`;
    case 'in':
      return `${column} in (${condition.values.map(literal).join(', ')})`;
    default: {
      const value = condition.value;
      if (isRelative(value) && !bind)
        throw new Error(`${condition.field}: a relative date needs a bound parameter`);
      const operand = isRelative(value)
        ? `current_date + ${bind!(value.daysFromToday)}::int`
        : literal(value);
      return `${column} ${COMPARATORS[condition.op]} ${operand}`;
    }
  }
}

/** A combination inside another is parenthesised; a single comparison is not (plans stay readable). */
const group = (condition: Condition, bind: Binder | undefined): string =>
  'all' in condition || 'any' in condition
    ? `(${conditionSql(condition, bind)})`
    : conditionSql(condition, bind);

/** A descriptor's total as a constant select expression: numeric in SQL, sent as text, 0 over no row. */
export function totalSql(total: TotalDescription): string {
  const sum = `sum(${columnOf(total.sum)})`;
  const filtered = total.where ? `${sum} filter (where ${conditionSql(total.where)})` : sum;
  return `coalesce(${filtered}, 0)::numeric(16,2)::text`;
}
