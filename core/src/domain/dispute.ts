/**
 * A dispute (docs/disputes.md): a broker contests a commission of a statement with the insurer's
 * back office, from an anomaly, a statement line, a statement or a policy. The lifecycle is
 * core's dispute machine (`machines/dispute.machine.ts`); this file holds the wire shapes and the
 * date rules both the server and the clients apply.
 */
import { Schema } from 'effect';
import { Amount, Id, IsoDate, IsoDateTime, Nullable } from './fields.ts';
import { type Cents, parseDecimalCents } from './money.ts';

/** Where a dispute was opened from. */
export const DISPUTE_SOURCES = ['ANOMALY', 'LINE', 'STATEMENT', 'POLICY'] as const;
export const DisputeSource = Schema.Literal(...DISPUTE_SOURCES);
export type DisputeSource = typeof DisputeSource.Type;

/** The reasons a broker picks from (each has its FR and EN label under `dispute.reason.*`). */
export const DISPUTE_REASONS = [
  'MISSING_COMMISSION',
  'WRONG_RATE',
  'UNJUSTIFIED_CLAWBACK',
  'DUPLICATE_CLAWBACK',
  'CLAWBACK_AFTER_REINSTATEMENT',
  'PAID_AFTER_TERMINATION',
  'OTHER',
] as const;
export const DisputeReason = Schema.Literal(...DISPUTE_REASONS);
export type DisputeReason = typeof DisputeReason.Type;

/** The reason a dispute opened from an anomaly starts with, by the anomaly's rule. */
export const REASON_OF_RULE: Readonly<Record<string, DisputeReason>> = {
  CLAWBACK_WITHOUT_TERMINATION: 'UNJUSTIFIED_CLAWBACK',
  CLAWBACK_DUPLICATE: 'DUPLICATE_CLAWBACK',
  CLAWBACK_AFTER_REINSTATEMENT: 'CLAWBACK_AFTER_REINSTATEMENT',
  COMMISSION_NOT_PAID: 'MISSING_COMMISSION',
  RATE_MISMATCH: 'WRONG_RATE',
  PAID_AFTER_TERMINATION: 'PAID_AFTER_TERMINATION',
};

/** The statuses, one per state of the machine. */
export const DISPUTE_STATUSES = ['OPEN', 'INFO_REQUESTED', 'ACCEPTED', 'REJECTED', 'SETTLED'] as const;
export const DisputeStatus = Schema.Literal(...DISPUTE_STATUSES);
export type DisputeStatus = typeof DisputeStatus.Type;

/** What one entry of the thread records. */
export const DISPUTE_ENTRY_KINDS = [
  'OPENED',
  'MESSAGE',
  'INFO_REQUESTED',
  'ACCEPTED',
  'REJECTED',
  'REOPENED',
  'SETTLED',
] as const;
export const DisputeEntryKind = Schema.Literal(...DISPUTE_ENTRY_KINDS);

/** Days after its statement's date within which a dispute may be opened. */
export const OPENING_DAYS = 90;
/** Days after a decision within which the broker may reopen, once. */
export const REOPENING_DAYS = 30;

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last day a dispute on a statement dated `statementDate` may be opened. */
export const openingDeadline = (statementDate: string): string =>
  isoOf(dayOf(statementDate) + OPENING_DAYS * DAY_MS);

/** The last day a decision taken at `decidedAt` may be reopened. */
export const reopeningDeadline = (decidedAt: string): string =>
  isoOf(dayOf(decidedAt) + REOPENING_DAYS * DAY_MS);

/** Whether `today` is on or before `deadline` (both `yyyy-MM-dd`). */
export const withinDeadline = (deadline: string, today: string): boolean => dayOf(today) <= dayOf(deadline);

/** The largest amount a `numeric(14,2)` column holds. */
const MAX_CENTS = 99_999_999_999_999;

/**
 * An amount claimed or corrected, as typed or sent (`"12.5"`, `12.5`, `"12,50"`): cents when it
 * has at most 2 decimals, is above zero and fits the column; undefined otherwise.
 */
export const claimedCents = (value: unknown): Cents | undefined => {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '');
  const cents = parseDecimalCents(text.replace(',', '.'));
  return cents !== undefined && cents > 0 && cents <= MAX_CENTS ? cents : undefined;
};

/** Cents as the decimal text PostgreSQL takes (`1234` → `"12.34"`). */
export const centsText = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const DisputeAttachment = Schema.Struct({
  id: Id,
  name: Schema.String,
  mime: Schema.String,
  size: Schema.Number,
});

export const DisputeEntry = Schema.Struct({
  id: Id,
  kind: DisputeEntryKind,
  /** The author's login (`system` for a settlement by an imported statement). */
  author: Schema.String,
  /** Whether the author answers for the insurer's back office. */
  byInsurer: Schema.Boolean,
  message: Schema.String,
  createdDate: IsoDateTime,
  attachments: Schema.Array(DisputeAttachment),
});
export type DisputeEntry = typeof DisputeEntry.Type;

/** A dispute as lists show it. */
export const DisputeSummary = Schema.Struct({
  id: Id,
  status: DisputeStatus,
  source: DisputeSource,
  reason: DisputeReason,
  amountClaimed: Amount,
  courtier: Nullable(Schema.String),
  codeCourtierPortail: Nullable(Schema.String),
  idPolice: Nullable(Id),
  police: Nullable(Schema.String),
  nomprenom: Nullable(Schema.String),
  idBordereau: Nullable(Id),
  idMouvement: Nullable(Id),
  /** The anomaly's rule when opened from one. */
  regle: Nullable(Schema.String),
  statementDate: Nullable(IsoDate),
  /** The last day to open it: 90 days from the statement (null without a statement). */
  deadline: Nullable(IsoDate),
  openedBy: Schema.String,
  createdDate: IsoDateTime,
  lastModifiedDate: IsoDateTime,
});
export type DisputeSummary = typeof DisputeSummary.Type;

/**
 * The disputes list's columns in order, the same in the web's table and the terminal's: each is
 * the summary's field it shows (`courtier` shows the broker's portal code).
 */
export const DISPUTE_LIST_COLUMNS = [
  'id',
  'status',
  'reason',
  'amountClaimed',
  'police',
  'courtier',
  'deadline',
  'lastModifiedDate',
] as const;

/** A dispute with its decision and thread. */
export const Dispute = Schema.Struct({
  ...DisputeSummary.fields,
  /** The correction accepted, in euros (positive: owed to the broker). */
  correction: Nullable(Amount),
  decisionReason: Nullable(Schema.String),
  decidedDate: Nullable(IsoDateTime),
  /** Whether the one reopening was used. */
  reopened: Schema.Boolean,
  /** The last day it may be reopened, while rejected or accepted and not yet reopened. */
  reopenDeadline: Nullable(IsoDate),
  /** The statement line that carried the correction. */
  settledByBordereau: Nullable(Id),
  settledByMouvement: Nullable(Id),
  entries: Schema.Array(DisputeEntry),
});
export type Dispute = typeof Dispute.Type;
