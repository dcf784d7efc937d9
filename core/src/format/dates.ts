/** Calendar helpers for filters and date pickers (docs/product.md §2: pickers in dd/MM/yy, wire in yyyy-MM-dd). */

const pad = (n: number) => String(n).padStart(2, '0');

/** A picked local date as the wire's `yyyy-MM-dd` (the calendar day the user saw, no zone shift). */
export const toIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `yyyy-MM` → the inclusive `gte`/`lte` range of that month. */
export const monthRange = (month: string): { gte: string; lte: string } => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { gte: `${month}-01`, lte: `${month}-${pad(last)}` };
};

/** The audits screen's default range: from one month ago to tomorrow (docs/product.md §9). */
export const defaultAuditRange = (now: Date): { fromDate: string; toDate: string } => {
  const from = new Date(now.getFullYear(), now.getMonth() - 1, now.getDate());
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { fromDate: toIsoDate(from), toDate: toIsoDate(to) };
};

/** Date picker bounds (docs/product.md §9). */
export const PICKER_YEARS = { min: 2008, max: 2050 } as const;
