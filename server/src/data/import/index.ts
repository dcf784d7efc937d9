import type { Db } from '../../db/types.ts';
import { type ImportOptions, type ImportReport, importTableFile } from './importFile.ts';
import { importPdfFile } from './importPdf.ts';
import type { ImportKind } from './kinds.ts';

export type { ImportOptions, ImportReport } from './importFile.ts';
export { IMPORT_KINDS, type ImportKind } from './kinds.ts';
export { type ImportProblem, ImportRejected } from './problems.ts';

/** Imports one back-office file of `kind` (see docs/data.md); all or nothing. */
export const importFile = (
  db: Db,
  kind: ImportKind,
  file: string,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportReport> =>
  kind === 'pdf' ? importPdfFile(db, file, bytes) : importTableFile(db, kind, file, bytes, options);
