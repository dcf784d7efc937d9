import { describe, expect, it } from 'vitest';
import type { ThreadDumpEntry } from '../domain/management.ts';
import { firstOfPage, pageOfFirst } from '../lists/position.ts';
import { defaultAuditRange, monthRange, toIsoDate } from './dates.ts';
import {
  filterThreads,
  percentOf,
  threadStateCounts,
  toMegabytes,
  truncateLoggerName,
} from './management.ts';

const thread = (threadName: string, threadState: string, lockName: string | null = null) =>
  ({
    threadName,
    threadState,
    lockName,
    threadId: 1,
    blockedTime: 0,
    blockedCount: 0,
    waitedTime: 0,
    waitedCount: 0,
    stackTrace: [],
  }) as ThreadDumpEntry;

describe('dates', () => {
  it('writes picked dates and month ranges for the wire', () => {
    expect(toIsoDate(new Date(2024, 1, 9))).toBe('2024-02-09');
    expect(monthRange('2024-02')).toEqual({ gte: '2024-02-01', lte: '2024-02-29' });
    expect(monthRange('2023-12')).toEqual({ gte: '2023-12-01', lte: '2023-12-31' });
    expect(defaultAuditRange(new Date(2024, 2, 31))).toEqual({
      fromDate: '2024-03-02',
      toDate: '2024-04-01',
    });
  });
});

describe('list position', () => {
  it('turns the first row index into a page and back', () => {
    expect(pageOfFirst('24', 12)).toBe(2);
    expect(pageOfFirst(null, 12)).toBe(0);
    expect(pageOfFirst('abc', 12)).toBe(0);
    expect(firstOfPage(2, 12)).toBe(24);
  });
});

describe('management helpers', () => {
  it('counts and filters threads, truncates logger names, scales metrics', () => {
    const dump = [
      thread('main', 'RUNNABLE'),
      thread('pool-1', 'WAITING', 'Lock@db'),
      thread('pool-2', 'BLOCKED'),
    ];
    expect(threadStateCounts(dump)).toEqual({
      all: 3,
      RUNNABLE: 1,
      WAITING: 1,
      TIMED_WAITING: 0,
      BLOCKED: 1,
    });
    expect(filterThreads(dump, null, 'db').map((t) => t.threadName)).toEqual(['pool-1']);
    expect(filterThreads(dump, 'BLOCKED', '').map((t) => t.threadName)).toEqual(['pool-2']);
    expect(truncateLoggerName('x'.repeat(150))).toHaveLength(141);
    expect(truncateLoggerName('short')).toBe('short');
    expect(toMegabytes(123_456_789)).toBe('123');
    expect(percentOf(25, 200)).toBe(13);
    expect(percentOf(1, 0)).toBe(0);
  });
});
