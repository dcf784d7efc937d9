/** `typeBordereau` of a forecast statement: flagged, and excluded from totals paid (docs/product.md §4). */
export const FORECAST = 'Prévisionnel';

/** True for a forecast ('Prévisionnel') statement or movement (plain: the CLI loads it without Effect). */
export const isForecast = (row: { readonly typeBordereau: string | null }): boolean =>
  row.typeBordereau === FORECAST;
