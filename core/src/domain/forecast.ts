import { type Condition, matches } from '../descriptors/condition.ts';

/** `typeBordereau` of a forecast statement: flagged, and excluded from totals paid (docs/product.md §4). */
export const FORECAST = 'Prévisionnel';

/** Forecast statements (and their movements). */
export const FORECAST_STATEMENTS: Condition = { field: 'typeBordereau', op: 'eq', value: FORECAST };

/**
 * "Paid" is every statement but a forecast, one without a type included: the total paid of the
 * statement list, the dashboard's paid figures and the recap all sum these, through this rule.
 */
export const PAID_STATEMENTS: Condition = { field: 'typeBordereau', op: 'distinctFrom', value: FORECAST };

/** True for a forecast ('Prévisionnel') statement or movement (plain: the CLI loads it without Effect). */
export const isForecast = (row: { readonly typeBordereau: string | null }): boolean =>
  matches(FORECAST_STATEMENTS, row);

/** True for a statement that counts as paid. */
export const isPaid = (row: { readonly typeBordereau: string | null }): boolean =>
  matches(PAID_STATEMENTS, row);
