/**
 * The dates a dashboard is computed over, from the server's clock: the month in progress, the
 * twelve statement months ending with the forecast one (next month), the last 30 days of events.
 */
export interface DashboardWindow {
  /** `yyyy-MM-dd`, the day the figures are computed on. */
  readonly today: string;
  /** First day of the month in progress. */
  readonly month: string;
  /** First day of next month (end of "this month", and the forecast statement's month). */
  readonly nextMonth: string;
  /** First statement month shown (eleven months before next month). */
  readonly from: string;
  /** Events from this instant on (30 days before now). */
  readonly since: string;
  /** The twelve statement months, oldest first. */
  readonly months: readonly string[];
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const monthPlus = (year: number, month: number, n: number) => iso(new Date(Date.UTC(year, month + n, 1)));

export const EVENT_DAYS = 30;
export const MONTHS = 12;

export function dashboardWindow(now: Date): DashboardWindow {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months = Array.from({ length: MONTHS }, (_, i) => monthPlus(year, month, i - MONTHS + 2));
  return {
    today: iso(now),
    month: monthPlus(year, month, 0),
    nextMonth: monthPlus(year, month, 1),
    from: months[0]!,
    since: new Date(now.getTime() - EVENT_DAYS * 86_400_000).toISOString(),
    months,
  };
}
