/** The plain parts of management data (no Effect: the CLI loads them alone); `management.ts` re-exports them. */

/** Logger levels, in the order of the five buttons (docs/product.md §2 "Logs"). */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

/** What a level may be set to from a terminal: the five, and OFF. */
export const SETTABLE_LOG_LEVELS = [...LOG_LEVELS, 'OFF'] as const;

/** One row of the health table, flattened from the body by `healthItems`. */
export interface HealthItem {
  readonly name: string;
  readonly status: string;
  readonly details: Readonly<Record<string, unknown>>;
  readonly error: string | null;
}

export interface Health {
  readonly status: string;
  readonly items: readonly HealthItem[];
}

/** Turns the 4.x health body into rows: one per indicator, its other keys as details. */
export const toHealth = (body: Readonly<Record<string, unknown>>): Health => {
  const items: HealthItem[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === 'status' || typeof value !== 'object' || value === null) continue;
    const { status, error, ...details } = value as Record<string, unknown>;
    items.push({
      name,
      status: typeof status === 'string' ? status : 'UNKNOWN',
      details,
      error: error === undefined || error === null ? null : String(error),
    });
  }
  return { status: typeof body.status === 'string' ? body.status : 'UNKNOWN', items };
};
