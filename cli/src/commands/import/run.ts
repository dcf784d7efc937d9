import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { HttpError, send } from '@extranet/core';
import { Effect } from 'effect';
import { requireSession, toCliError } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import { printJson, printText } from '../../output/print.ts';
import { IMPORT_KINDS, type ImportKind, type ImportResult } from './kinds.ts';
import { importLocally } from './local.ts';

export interface ImportOptions {
  readonly kind?: string;
  readonly files: readonly string[];
  readonly local?: boolean;
  readonly json?: boolean;
}

/**
 * Over the API: one multipart `POST api/admin/import` per file (`kind`, `file`), answering the
 * import report. Core's client has no import call because the server has no such endpoint yet
 * (see the CLI report); a 404 says so and points at `--local`.
 */
const importOverApi = async (deps: Deps, kind: ImportKind, file: string): Promise<ImportResult> => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([await readFile(file)]), basename(file));
  try {
    const body = await deps.api.run(
      Effect.flatMap(send({ method: 'POST', path: 'api/admin/import', formData: form }), (r) => r.json),
    );
    return { ...(body as Omit<ImportResult, 'file'>), file };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      throw new CliError(deps.t('cli.import.noApi', { server: deps.server }), ExitCode.failure);
    }
    throw toCliError(error, deps);
  }
};

/** `extranet import --kind <kind> <file>…` (administrators): back-office files, all or nothing per file. */
export const run = async (opts: ImportOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  const kind = opts.kind as ImportKind | undefined;
  if (kind === undefined || !IMPORT_KINDS.includes(kind)) {
    throw usageError(t('cli.import.badKind', { value: opts.kind ?? '', kinds: IMPORT_KINDS.join(', ') }));
  }
  for (const file of opts.files) {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw usageError(t('cli.import.noFile', { file }));
  }
  const results: ImportResult[] = [];
  const show = (r: ImportResult) => {
    results.push(r);
    if (!opts.json) printText(io, t('cli.import.done', { ...r }));
  };
  let code: number = ExitCode.ok;
  if (opts.local) code = await importLocally(deps, kind, opts.files, show);
  else {
    requireSession(deps);
    for (const file of opts.files) show(await importOverApi(deps, kind, file));
  }
  if (opts.json) printJson(io, results);
  return code;
};
