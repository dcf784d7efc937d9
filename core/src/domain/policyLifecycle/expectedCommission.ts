/**
 * Expected against received: the commission lines a policy's commissioning should put on the
 * statements, written once. The demo generator pays by these rules, the server turns the same
 * constants into SQL (server/src/reconciliation/detect-sql.ts) and docs/reconciliation.md says
 * them in prose. Dates are ISO `YYYY-MM-DD`, money decimal strings, rates "0.300000".
 */

/** The back office's movement type codes (`typeMouvement`). */
export const MOVEMENT_CODES = {
  escompte: 'ESC',
  reprise: 'REP',
  recurrente: 'REC',
  lineaire: 'LIN',
  regularisation: 'REG',
} as const;
export type MovementCode = (typeof MOVEMENT_CODES)[keyof typeof MOVEMENT_CODES];

export const PRECOMPTE = 'Précompte/Escompte';
export const LINEAIRE = 'Linéaire';
/** The termination reason of a contract that never took effect: it earns nothing. */
export const WITHOUT_EFFECT = 'Sans Effet';

/**
 * What each commissioning mode pays. Précompte/escompte: the year-one commission in advance
 * (`upfront`), then a recurring line at each anniversary from year 2. Linéaire: the linear
 * commission of each year in force, as one line at each anniversary from the first.
 */
export const COMMISSION_SCHEDULE = {
  [PRECOMPTE]: { upfront: MOVEMENT_CODES.escompte, yearly: MOVEMENT_CODES.recurrente, firstYear: 1 },
  [LINEAIRE]: { upfront: null, yearly: MOVEMENT_CODES.lineaire, firstYear: 0 },
} as const;

/** A line falls due the month after its period starts (the statement of that month carries it). */
export const DUE_AFTER_MONTHS = 1;
/** A clawback is never due before this many months after the effective date. */
export const CLAWBACK_NOT_BEFORE_MONTHS = 2;
/** The lines paid at the contract's own rate (`tauxCommissionAnnee1`). */
export const CONTRACT_RATE_CODES: readonly MovementCode[] = [
  MOVEMENT_CODES.escompte,
  MOVEMENT_CODES.reprise,
  MOVEMENT_CODES.lineaire,
];
/** The timeline events that found (RSL) or cancel (REV) a clawback. */
export const TERMINATION_EVENT = 'RSL';
export const REINSTATEMENT_EVENT = 'REV';
/** Months after its due month before an unpaid expected line is an anomaly (ANOMALY_UNPAID_MONTHS). */
export const DEFAULT_UNPAID_MONTHS = 2;

/** The policy fields commissioning depends on. */
export interface CommissionFacts {
  readonly modeCommissionnement: string | null;
  readonly dateEffet: string;
  readonly dateResil?: string | null;
  readonly dateEnregistrementResil?: string | null;
  readonly motifResil?: string | null;
  /** The contract's rate: the escompte's (précompte) or the linear one. */
  readonly tauxCommissionAnnee1?: string | null;
}

/** One line the statements should carry. */
export interface ExpectedLine {
  readonly typeMouvement: MovementCode;
  /** The period it pays: the effective date, an anniversary, or the termination date (clawback). */
  readonly periode: string;
  /** First day of the month whose statement should carry it. */
  readonly dueMonth: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `date` plus `months`, the day kept or clamped to the month's last (as PostgreSQL's interval). */
export const addMonthsIso = (date: string, months: number): string => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return `${ny}-${pad2(nm)}-${pad2(Math.min(d, daysIn(ny, nm)))}`;
};

export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

const dueMonthOf = (periode: string) => monthOf(addMonthsIso(periode, DUE_AFTER_MONTHS));

/** Whether the contract still runs on `date` (terminated the day of its `dateResil`). */
const inForceOn = (p: CommissionFacts, date: string) => !p.dateResil || date < p.dateResil;

/**
 * The commission lines a policy should earn, due up to and including `untilMonth`, in due
 * order. The clawback is listed when the contract ended (registered) within its first year.
 *
 * @example expectedLines({ modeCommissionnement: 'Linéaire', dateEffet: '2024-03-15' }, '2025-06-01')
 * // [{ typeMouvement: 'LIN', periode: '2024-03-15', dueMonth: '2024-04-01' },
 * //  { typeMouvement: 'LIN', periode: '2025-03-15', dueMonth: '2025-04-01' }]
 */
export const expectedLines = (p: CommissionFacts, untilMonth: string): ExpectedLine[] => {
  const schedule = COMMISSION_SCHEDULE[p.modeCommissionnement as keyof typeof COMMISSION_SCHEDULE];
  if (!schedule || p.motifResil === WITHOUT_EFFECT) return [];
  const out: ExpectedLine[] = [];
  const push = (typeMouvement: MovementCode, periode: string, dueMonth = dueMonthOf(periode)) => {
    if (dueMonth <= untilMonth) out.push({ typeMouvement, periode, dueMonth });
  };
  if (schedule.upfront) {
    push(schedule.upfront, p.dateEffet);
    const clawback = clawbackDue(p);
    if (clawback) push(MOVEMENT_CODES.reprise, p.dateResil!, clawback);
  }
  for (let k = schedule.firstYear; ; k++) {
    const anniversary = addMonthsIso(p.dateEffet, 12 * k);
    if (!inForceOn(p, anniversary) || dueMonthOf(anniversary) > untilMonth) break;
    push(schedule.yearly, anniversary);
  }
  return out.sort((a, b) => (a.dueMonth < b.dueMonth ? -1 : a.dueMonth > b.dueMonth ? 1 : 0));
};

/**
 * The month a précompte policy's clawback falls due, or null when there is none: the contract
 * ended with whole months of its first year left and the termination was registered. Due the month
 * after the registration, never before the effective date plus two months.
 */
export const clawbackDue = (p: CommissionFacts): string | null => {
  if (p.modeCommissionnement !== PRECOMPTE || p.motifResil === WITHOUT_EFFECT) return null;
  if (!p.dateResil || !p.dateEnregistrementResil) return null;
  if (clawbackMonths(p.dateEffet, p.dateResil) === 0) return null;
  const afterRegistration = addMonthsIso(p.dateEnregistrementResil, DUE_AFTER_MONTHS);
  const earliest = addMonthsIso(p.dateEffet, CLAWBACK_NOT_BEFORE_MONTHS);
  return monthOf(afterRegistration > earliest ? afterRegistration : earliest);
};

/**
 * The months of the first year a clawback takes back when the contract ends on `dateResil`:
 * those left until the first anniversary (30.44-day months, rounded), 0 to 12. The clawback is
 * the year-one commission × months / 12, rounded to the cent.
 *
 * @example clawbackMonths('2024-01-01', '2024-07-01') // 6
 */
export const clawbackMonths = (dateEffet: string, dateResil: string): number => {
  const yearEnd = addMonthsIso(dateEffet, 12);
  const left = Math.round((Date.parse(yearEnd) - Date.parse(dateResil)) / (30.44 * 86_400_000));
  return Math.min(12, Math.max(0, left));
};

/**
 * Expected lines grouped by due month: what the statement of each month should carry for this
 * policy (months with nothing due are absent).
 */
export const expectedByMonth = (p: CommissionFacts, untilMonth: string): Map<string, ExpectedLine[]> =>
  Map.groupBy(expectedLines(p, untilMonth), (line) => line.dueMonth);
