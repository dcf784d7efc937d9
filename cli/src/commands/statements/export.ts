import { basename, resolve } from 'node:path';
import { type CommissionStatement, statementApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { type PendingFile, pendingFile } from '../../files/atomicFile.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { isInteractive } from '../../io.ts';
import { printJson, printText } from '../../output/print.ts';
import { csvJoiner } from '../../statements/csvJoin.ts';
import { streamCsv } from '../../statements/streamExport.ts';
import { statementId, statementsOfMonth } from './resolve.ts';

export interface StatementExportOptions {
  readonly id?: string;
  readonly month?: string;
  readonly out?: string;
  readonly json?: boolean;
}

const countLines = (chunk: Uint8Array) => {
  let lines = 0;
  for (const byte of chunk) if (byte === 10) lines += 1;
  return lines;
};

/**
 * `extranet statements export <id> | --month YYYY-MM`: the movements as the server's CSV (`;`,
 * BOM), streamed to a temporary file renamed at the end, with a progress bar on a terminal.
 */
export const run = async (opts: StatementExportOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  if ((opts.id === undefined) === (opts.month === undefined))
    throw usageError(t('cli.statements.exportTarget'));
  const id = opts.id === undefined ? undefined : statementId(opts.id, deps);
  const toStdout = opts.out === '-';
  const target = toStdout
    ? undefined
    : outputTarget(
        opts.out ?? (id === undefined ? `mouvements-${opts.month}.csv` : `mouvements-${id}.csv`),
        deps,
      );
  requireSession(deps);
  const statements: CommissionStatement[] =
    id === undefined
      ? await statementsOfMonth(opts.month!, deps)
      : [await call(deps, statementApi.get(id), { notFound: deps.t('cli.statements.notFound', { id }) })];

  const total = statements.reduce((sum, s) => sum + (s.nb ?? 0), 0) + 1;
  const progress = { loaded: 0, total: total > 1 ? total : undefined };
  const pending: PendingFile | undefined = target === undefined ? undefined : pendingFile(target);
  let lines = 0;
  let bytes = 0;
  const joiner = csvJoiner(async (chunk) => {
    lines += countLines(chunk);
    bytes += chunk.length;
    if (pending) await pending.write(chunk);
    else if (!io.stdout.write(chunk)) await new Promise((r) => io.stdout.once('drain', r));
  });
  const stop =
    pending && isInteractive(io)
      ? (await import('../../ui/showProgress.ts')).showProgress(deps, basename(target!), progress.total)
      : undefined;
  try {
    for (const statement of statements) {
      joiner.next();
      await call(
        deps,
        streamCsv(
          `api/mouvements/${statement.idBordereau}/export.csv`,
          [],
          deps.events,
          progress,
          joiner.write,
        ),
        { untimed: true },
      );
    }
    await pending?.commit();
  } catch (error) {
    await pending?.abort();
    throw error;
  } finally {
    await stop?.();
  }
  if (toStdout) return ExitCode.ok;
  const summary = {
    file: resolve(target!),
    lines: Math.max(0, lines - 1),
    bytes,
    statements: statements.map((s) => s.idBordereau),
  };
  if (opts.json) printJson(io, summary);
  else printText(io, t('cli.statements.exported', { lines: summary.lines, file: target! }));
  return ExitCode.ok;
};
