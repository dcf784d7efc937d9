// The counts of a Vitest JSON report, for the summary line both lanes end with.
import { readFileSync } from 'node:fs';

export function readSummary(report: string): { passed: number; failed: number; skipped: number } {
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    return {
      passed: summary.numPassedTests,
      failed: summary.numFailedTests,
      skipped: summary.numPendingTests + summary.numTodoTests,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 }; // no report: vitest itself failed
  }
}
