import { Schema } from 'effect';

/** What one imported file changed (`POST api/admin/import`, docs/data.md): counts, all or nothing. */
export const ImportReport = Schema.Struct({
  kind: Schema.String,
  /** The uploaded file's name. */
  file: Schema.String,
  rows: Schema.Number,
  inserted: Schema.Number,
  updated: Schema.Number,
  unchanged: Schema.Number,
  events: Schema.Number,
});
export type ImportReport = typeof ImportReport.Type;
