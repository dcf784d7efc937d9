import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { writeLine } from '../../io.ts';
import { printJson } from '../../output/print.ts';
import { IMPORT_KINDS, type ImportKind, type ImportResult } from './kinds.ts';
import { importLocally } from './local.ts';

export interface ImportOptions {
  readonly kind?: string;
  readonly files: readonly string[];
  readonly local?: boolean;
}

/**
 * Over the API: one multipart `POST api/admin/import` per file (`kind`, `file`), answering the
 * import report. A server without that endpoint answers 404, which points at `--local`.
 */
const importOverApi = async (deps: Deps, kind: ImportKind, file: string): Promise<ImportResult> => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([await readFile(file)]), basename(file));
  const [client, { importApi }] = await Promise.all([deps.api(), import('@extranet/core/api/importApi.ts')]);
  const report = await client.call(importApi.file(form), {
    notFound: deps.t('cli.import.noApi', { server: deps.server }),
  });
  return { ...report, file };
};

/** `extranet import --kind <kind> <file>…` (administrators): back-office files, all or nothing per file. */
export const run = async (opts: ImportOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  const json = deps.out.format === 'json';
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
    const counted = {
      ...r,
      rows: t('cli.import.rows', { count: r.rows }),
      events: t('cli.import.events', { count: r.events }),
    };
    if (!json) writeLine(io.stdout, t('cli.import.done', counted));
  };
  let code: number = ExitCode.ok;
  if (opts.local) code = await importLocally(deps, kind, opts.files, show);
  else {
    requireSession(deps);
    for (const file of opts.files) show(await importOverApi(deps, kind, file));
  }
  if (json) printJson(deps, results);
  return code;
};
