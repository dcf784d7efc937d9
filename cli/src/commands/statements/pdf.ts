import { resolve } from 'node:path';
import { statementApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { pendingFile } from '../../files/atomicFile.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { printJson, printText } from '../../output/print.ts';
import { statementId } from './resolve.ts';

export interface StatementPdfOptions {
  readonly id: string;
  readonly out?: string;
  readonly json?: boolean;
}

/** `extranet statements pdf <id>`: the statement's PDF, named as the server names it unless `--out`. */
export const run = async (opts: StatementPdfOptions, deps: Deps): Promise<number> => {
  const id = statementId(opts.id, deps);
  requireSession(deps);
  const file = await call(deps, statementApi.downloadPdf(id), {
    untimed: true,
    notFound: deps.t('cli.statements.noPdf', { id }),
  });
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  if (opts.out === '-') {
    deps.io.stdout.write(bytes);
    return ExitCode.ok;
  }
  const target = outputTarget(opts.out ?? file.fileName.replace(/[/\\]/g, '_'), deps);
  const pending = pendingFile(target);
  try {
    await pending.write(bytes);
    await pending.commit();
  } catch (error) {
    await pending.abort();
    throw error;
  }
  if (opts.json) printJson(deps.io, { file: resolve(target), bytes: bytes.length });
  else printText(deps.io, deps.t('cli.statements.saved', { file: target, bytes: bytes.length }));
  return ExitCode.ok;
};
