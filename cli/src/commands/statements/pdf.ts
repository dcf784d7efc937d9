import { resolve } from 'node:path';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { pendingFile } from '../../files/atomicFile.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { printJson, status } from '../../output/print.ts';
import { statementId } from './resolve.ts';

export interface StatementPdfOptions {
  readonly id: string;
  readonly out?: string;
  /** Overwrite an existing file. */
  readonly force?: boolean;
}

/**
 * `extranet statements pdf <id>`: the statement's PDF, named as the server names it unless
 * `--out`; an existing file is kept unless `--force`.
 */
export const run = async (opts: StatementPdfOptions, deps: Deps): Promise<number> => {
  const id = statementId(opts.id, deps);
  // A named target is checked before the download; the server's name only once it answered.
  if (opts.out !== undefined && opts.out !== '-') outputTarget(opts.out, deps, opts.force);
  requireSession(deps);
  const [client, { statementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entitiesApi.ts'),
  ]);
  const file = await client.call(statementApi.downloadPdf(id), {
    notFound: deps.t('cli.statements.noPdf', { id }),
  });
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  if (opts.out === '-') {
    deps.io.stdout.write(bytes);
    return ExitCode.ok;
  }
  const name = file.fileName.replace(/[/\\]/g, '_');
  const target = outputTarget(opts.out ?? name, deps, opts.force);
  const pending = pendingFile(target);
  try {
    await pending.write(bytes);
    await pending.commit();
  } catch (error) {
    await pending.abort();
    throw error;
  }
  if (deps.out.format === 'json') printJson(deps, { file: resolve(target), bytes: bytes.length });
  else status(deps, deps.t('cli.statements.saved', { file: target, bytes: bytes.length }));
  return ExitCode.ok;
};
