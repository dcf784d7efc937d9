import { basename, resolve } from 'node:path';
import type { CommissionStatement } from '@extranet/core/domain/statement.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { type PendingFile, pendingFile } from '../../files/atomicFile.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { stderrIsTerminal } from '../../io.ts';
import { printJson, status } from '../../output/print.ts';
import { csvJoiner } from '../../statements/csvJoin.ts';
import { progressFeed } from '../../ui/progressFeed.ts';
import { getStatement, statementId, statementsOfMonth } from './resolve.ts';

export interface StatementExportOptions {
  readonly id?: string;
  readonly month?: string;
  readonly out?: string;
  /** Overwrite an existing file. */
  readonly force?: boolean;
}

export interface ExportDeps extends Deps {
  /** Shows the progress bar; defaults to the Ink bar on stderr when it is a terminal. */
  readonly progress?: (
    label: string,
    total: number | undefined,
    feed: ReturnType<typeof progressFeed>,
  ) => Promise<() => Promise<void>>;
}

/** Line breaks in a chunk, found by the native `indexOf` (a byte loop cost seconds on 100,000 lines). */
const countLines = (chunk: Uint8Array) => {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  return lines;
};

const inkProgress =
  (deps: Deps): NonNullable<ExportDeps['progress']> =>
  async (label, total, feed) =>
    (await import('../../ui/showProgress.ts')).showProgress(deps, feed, label, total);

/**
 * `extranet statements export <id> | --month YYYY-MM`: the movements as the server's CSV (`;`,
 * BOM), streamed to a temporary file renamed at the end. The progress bar goes to stderr, counts
 * movements (not the header) and appears once the server has accepted the export, so a refusal
 * never shows a bar at 0 % first.
 */
export const run = async (opts: StatementExportOptions, deps: ExportDeps): Promise<number> => {
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
        opts.force,
      );
  requireSession(deps);
  const statements: CommissionStatement[] =
    id === undefined ? await statementsOfMonth(opts.month!, deps) : [await getStatement(id, deps)];

  const total = statements.reduce((sum, s) => sum + (s.nb ?? 0), 0);
  const feed = progressFeed();
  const showBar = deps.progress ?? (stderrIsTerminal(deps.io) ? inkProgress(deps) : undefined);
  let stop: (() => Promise<void>) | undefined;
  let pending: PendingFile | undefined;
  let newlines = 0;
  let bytes = 0;
  const joiner = csvJoiner(async (chunk) => {
    newlines += countLines(chunk);
    bytes += chunk.length;
    if (pending) await pending.write(chunk);
    else if (!io.stdout.write(chunk)) await new Promise((r) => io.stdout.once('drain', r));
    // Movements so far: every line but the one header kept.
    feed.next({ type: 'download.progress', loaded: Math.max(0, newlines - 1), total: total || undefined });
  });
  const [client, { send }, Stream] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/request.ts'),
    import('effect/Stream'),
  ]);
  try {
    for (const statement of statements) {
      // Core's request (token, problems, session end), its body streamed to disk, never held whole.
      const response = await client.call(
        send({ path: `api/mouvements/${statement.idBordereau}/export.csv`, accept: 'text/csv' }),
        { notFound: t('cli.statements.notFound', { id: statement.idBordereau }) },
      );
      // The server accepted: only now the file and the bar exist.
      if (target !== undefined) pending ??= pendingFile(target);
      stop ??= showBar ? await showBar(basename(target ?? 'stdout'), total || undefined, feed) : undefined;
      joiner.next();
      for await (const chunk of Stream.toReadableStream(response.stream)) await joiner.write(chunk);
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
    lines: Math.max(0, newlines - 1),
    bytes,
    statements: statements.map((s) => s.idBordereau),
  };
  if (deps.out.format === 'json') printJson(deps, summary);
  else status(deps, t('cli.statements.exported', { count: summary.lines, file: target! }));
  return ExitCode.ok;
};
