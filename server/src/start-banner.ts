/**
 * What the server says once it listens. On a terminal, lines for a person (the URL, the
 * database, the demo accounts); otherwise, as when a supervisor or a container runtime collects
 * stdout, JSON lines among pino's, so a log pipeline parses every line of the stream.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ACCOUNTS, demoAccountsTable } from './seed/demo-accounts.ts';

export interface StartReport {
  readonly url: string;
  readonly startedMs: number;
  readonly databaseMs: number;
  /** Set when the demo data was loaded by this start. */
  readonly demoDataMs?: number;
  /** "PostgreSQL postgres://…" (password hidden) or "embedded PGlite in <folder>". */
  readonly database: string;
  /** The web app's folder, when it is not built. */
  readonly webMissing?: string;
  readonly warnings: readonly string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The one line that says where the server answers (tests and scripts look for `listening on <url> `). */
function listeningLine(report: StartReport): string {
  const phases = `database ${seconds(report.databaseMs)}${report.demoDataMs === undefined ? '' : `, demo data ${seconds(report.demoDataMs)}`}`;
  return `Broker extranet listening on ${report.url} (started in ${seconds(report.startedMs)}: ${phases})`;
}

/** The lines for a person at a terminal. */
export function humanBanner(report: StartReport): string[] {
  return [
    ...report.warnings.map((warning) => `warning: ${warning}`),
    '',
    listeningLine(report),
    `Database: ${report.database}`,
    ...(report.webMissing === undefined
      ? []
      : [`Web app not built (${report.webMissing}): run npm run build`]),
    ...(report.demoDataMs === undefined ? [] : ['Demo accounts (password = login):', demoAccountsTable()]),
    '',
  ];
}

/** The same facts as JSON log lines, at info whatever LOG_LEVEL says (the URL must reach the log). */
export function logBanner(log: FastifyBaseLogger, report: StartReport): void {
  const banner = log.child({}, { level: 'info' });
  for (const warning of report.warnings) banner.warn(warning);
  banner.info(
    {
      url: report.url,
      database: report.database,
      startedSeconds: report.startedMs / 1000,
      databaseSeconds: report.databaseMs / 1000,
      ...(report.demoDataMs === undefined
        ? {}
        : {
            demoDataSeconds: report.demoDataMs / 1000,
            demoAccounts: DEMO_ACCOUNTS.map((account) => account.login),
          }),
    },
    listeningLine(report),
  );
  if (report.webMissing !== undefined) {
    banner.warn({ webDist: report.webMissing }, 'web app not built: run npm run build');
  }
}
