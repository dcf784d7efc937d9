import { Schema } from 'effect';
import { PROBLEM_BASE_URL } from '../contract/endpoint.ts';
import { Int } from './fields.ts';

/** The back-office file kinds of the data import (docs/data.md). */
export const IMPORT_KINDS = ['police', 'assures', 'commissions', 'recap', 'mouvements', 'pdf'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const MIB = 1024 * 1024;

/** What one import request may make the server hold: files are read whole before they are imported. */
export const IMPORT_LIMITS = {
  maxFiles: 20,
  maxFileBytes: 20 * MIB,
  maxTotalBytes: 50 * MIB,
} as const;

/** The problem type of a rejected file (its lines' problems in `params`). */
export const IMPORT_REJECTED_TYPE = `${PROBLEM_BASE_URL}/import-rejected`;

/** What one imported file changed (`POST api/admin/import`, docs/data.md): counts, all or nothing. */
export const ImportReport = Schema.Struct({
  kind: Schema.Literal(...IMPORT_KINDS),
  /** The uploaded file's name. */
  file: Schema.String,
  rows: Int,
  inserted: Int,
  updated: Int,
  unchanged: Int,
  events: Schema.propertySignature(Int).annotations({
    description: 'timeline events added because policies changed',
  }),
});
export type ImportReport = typeof ImportReport.Type;
