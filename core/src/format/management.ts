import type { Metric, ThreadDumpEntry } from '../domain/management.ts';
import { THREAD_STATES } from '../domain/management.ts';
import type { Language } from '../i18n/languages.ts';

/** Logger names are cut at 140 characters in the table (docs/product.md §2 "Logs"). */
export const truncateLoggerName = (name: string, max = 140): string =>
  name.length <= max ? name : `${name.slice(0, max)}…`;

/** The colour of the current level's button (docs/product.md §2 "Logs"). */
export const LOG_LEVEL_TONES = {
  TRACE: 'danger',
  DEBUG: 'warning',
  INFO: 'info',
  WARN: 'success',
  ERROR: 'primary',
} as const;

export type ThreadState = (typeof THREAD_STATES)[number];

/** Counts per thread state for the dump dialog's badges, plus `all`. */
export const threadStateCounts = (dump: readonly ThreadDumpEntry[]) => {
  const counts: Record<ThreadState | 'all', number> = {
    all: dump.length,
    RUNNABLE: 0,
    WAITING: 0,
    TIMED_WAITING: 0,
    BLOCKED: 0,
  };
  for (const thread of dump) {
    if ((THREAD_STATES as readonly string[]).includes(thread.threadState))
      counts[thread.threadState as ThreadState]++;
  }
  return counts;
};

/** The dump filtered by one state (or none) and a free text over the thread and lock names. */
export const filterThreads = (
  dump: readonly ThreadDumpEntry[],
  state: ThreadState | null,
  text: string,
): ThreadDumpEntry[] => {
  const needle = text.trim().toLowerCase();
  return dump.filter(
    (thread) =>
      (state === null || thread.threadState === state) &&
      (needle === '' ||
        thread.threadName.toLowerCase().includes(needle) ||
        (thread.lockName ?? '').toLowerCase().includes(needle)),
  );
};

/** Memory figures in millions of bytes, no decimals (docs/product.md §9 "Metrics display"). */
export const toMegabytes = (bytes: number | undefined): string =>
  bytes === undefined ? '' : String(Math.round(bytes / 1_000_000));

/** A 0..100 share for the metrics bars; 0 when the total is unknown. */
export const percentOf = (value: number | undefined, total: number | undefined): number =>
  value === undefined || total === undefined || total <= 0 ? 0 : Math.round((value * 100) / total);

const MILLIS_PER_UNIT: Readonly<Record<string, number>> = {
  seconds: 1000,
  milliseconds: 1,
  microseconds: 0.001,
  nanoseconds: 0.000001,
};

/**
 * A timer's duration in whole milliseconds, whatever unit it was counted in (the services
 * table said 0 for every service: seconds divided by 1000). Without a unit, Dropwizard's
 * microseconds, as docs/product.md §9's "divided by 1000" assumes.
 */
export const timerMillis = (timer: Metric | undefined, field: 'mean' | 'min' | 'max'): number =>
  Math.round((timer?.[field] ?? 0) * (MILLIS_PER_UNIT[timer?.duration_units ?? 'microseconds'] ?? 0.001));

const locales: Readonly<Record<Language, string>> = { fr: 'fr-FR', en: 'en-GB' };

/** A figure with `digits` decimals in the language's way (a decimal comma in French). */
export const formatDecimal = (value: number | undefined, language: Language, digits = 2): string =>
  new Intl.NumberFormat(locales[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value ?? 0);

const GB = 1_000_000_000;
const MB = 1_000_000;

/** Disk space in GB (MB under one GB), one decimal, in the language's way (docs/product.md §9). */
export const formatDiskSpace = (bytes: number, language: Language): string => {
  const [size, unit] = bytes >= GB ? [bytes / GB, 'GB'] : [bytes / MB, 'MB'];
  const label = language === 'fr' ? (unit === 'GB' ? 'Go' : 'Mo') : unit;
  return `${formatDecimal(size, language, 1)} ${label}`;
};
