import { writeFileSync } from 'node:fs';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { status } from '../../output/print.ts';

export interface StatementEntriesOptions {
  readonly from: string;
  readonly to: string;
  readonly format?: string;
  readonly out?: string;
  readonly force?: boolean;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * `extranet statements entries <from> <to>`: the period's statements as accounting entries (FEC,
 * or `--format csv`), on stdout unless `--out` (docs/integrations.md).
 */
export const run = async (opts: StatementEntriesOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  for (const month of [opts.from, opts.to])
    if (!MONTH.test(month)) throw usageError(t('cli.entries.badMonth', { value: month }));
  if (opts.from > opts.to) throw usageError(t('cli.entries.badPeriod'));
  const format = opts.format ?? 'fec';
  if (format !== 'fec' && format !== 'csv') throw usageError(t('cli.entries.badFormat', { value: format }));
  const target =
    opts.out === undefined || opts.out === '-' ? undefined : outputTarget(opts.out, deps, opts.force);
  requireSession(deps);
  const [client, { entriesApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entriesApi.ts'),
  ]);
  const file = await client.call(entriesApi.download({ from: opts.from, to: opts.to, format }));
  // The bytes as sent: Blob.text() would drop the CSV's BOM, which spreadsheets need.
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  if (target === undefined) io.stdout.write(bytes);
  else {
    writeFileSync(target, bytes);
    status(deps, t('cli.entries.written', { file: opts.out! }));
  }
  return ExitCode.ok;
};
