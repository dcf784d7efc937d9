/** The back-office file kinds of the data import (docs/data.md), checked before anything runs. */
export const IMPORT_KINDS = ['police', 'assures', 'commissions', 'recap', 'mouvements', 'pdf'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** One imported file, as `--json` prints it (docs/cli.md). */
export interface ImportResult {
  readonly file: string;
  readonly rows: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly events: number;
}

const SUMMARY = /^(.*): (\d+) rows, (\d+) inserted, (\d+) updated, (\d+) unchanged, (\d+) timeline events$/;

/** Reads a summary line of the server's import command. */
export const parseSummary = (line: string): ImportResult | undefined => {
  const m = SUMMARY.exec(line);
  if (m === null) return undefined;
  const [, file = '', rows, inserted, updated, unchanged, events] = m;
  return {
    file,
    rows: Number(rows),
    inserted: Number(inserted),
    updated: Number(updated),
    unchanged: Number(unchanged),
    events: Number(events),
  };
};
