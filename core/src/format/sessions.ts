import type { Session } from '../domain/session.ts';
import type { Language } from '../i18n/languages.ts';
import { DISPLAY_TIME_ZONE, formatDateTime } from './display.ts';

const englishInstant = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant in a language's conventions, in the brokers' time zone: '24/11/2026 10:05' in
 * French (docs/product.md §3), '24 Nov 2026, 10:05' in English (day before month, as the
 * English output elsewhere never puts the month first).
 */
export const formatInstantIn = (language: Language, iso: string): string =>
  language === 'fr' || Number.isNaN(Date.parse(iso))
    ? formatDateTime(iso)
    : englishInstant.format(new Date(iso));

/** A session as the settings card, the admin screen and `extranet sessions` show it. */
export interface SessionLine {
  readonly id: number;
  readonly device: string;
  readonly address: string;
  readonly started: string;
  readonly lastUsed: string;
  readonly current: boolean;
}

/** The sessions to show: the one in use first, then the most recently used. */
export const sessionLines = (sessions: readonly Session[], language: Language): SessionLine[] =>
  [...sessions]
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt),
    )
    .map((s) => ({
      id: s.id,
      device: s.device,
      address: s.address,
      started: formatInstantIn(language, s.startedAt),
      lastUsed: formatInstantIn(language, s.lastUsedAt),
      current: s.current,
    }));
