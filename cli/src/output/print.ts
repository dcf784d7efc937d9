import { createRequire } from 'node:module';
import { type Io, writeLine } from '../io.ts';
import type { Output } from './format.ts';
import { type Column, columnWidths, recordLines, rowLine, ruleLine } from './layout.ts';
import { bold, dim } from './styled.ts';

/** What the printers need: the streams and the output settings of the invocation. */
export interface PrintDeps {
  readonly io: Io;
  readonly out: Output;
}

/** One row to print: `display` for people (formatted, localised), `raw` for scripts (ISO dates, decimals). */
export interface Cells {
  readonly display: readonly string[];
  readonly raw: readonly string[];
}

/** A column of the data: its stable `key` (the header of TSV and CSV) and its translated header. */
export interface DataColumn extends Column {
  readonly key: string;
}

/** One JSON document, indented, ending in a newline (shapes documented in docs/cli.md). */
export const printJson = (deps: PrintDeps, value: unknown): void => {
  writeLine(deps.io.stdout, JSON.stringify(value, null, 2));
};

/** A status line (confirmations, page footers, totals): stderr, so stdout holds only data. */
export const status = (deps: Pick<PrintDeps, 'io'>, text: string): void => {
  writeLine(deps.io.stderr, text);
};

/** Tabs and line breaks inside a value would break the TSV row: they become spaces. */
const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

type Stringify = typeof import('csv-stringify/sync').stringify;
let stringify: Stringify | undefined;
/**
 * RFC 4180 (csv-stringify): quoted when it holds a comma, a quote or a line break. The library
 * loads with the first CSV row, not with every command that prints.
 */
const csvRow = (cells: readonly string[]) => {
  stringify ??= (createRequire(import.meta.url)('csv-stringify/sync') as { stringify: Stringify }).stringify;
  return stringify([[...cells]], { eof: false });
};
const tsvRow = (cells: readonly string[]) => cells.map(tsvCell).join('\t');

/**
 * Writes rows as they come (one page at a time with `--all`): TSV or CSV with the keys as a
 * header, or a table fitted to the width (column widths from the first batch; later rows are cut
 * to them). JSON is the caller's (its shape differs per command).
 */
export const rowsWriter = (deps: PrintDeps, columns: readonly DataColumn[]) => {
  const { io, out } = deps;
  let widths: number[] | undefined;
  let started = false;
  const cut = Number.isFinite(out.width);
  return {
    write: (rows: readonly Cells[]) => {
      if (out.format === 'tsv' || out.format === 'csv') {
        const line = out.format === 'tsv' ? tsvRow : csvRow;
        if (!started) writeLine(io.stdout, line(columns.map((c) => c.key)));
        for (const row of rows) writeLine(io.stdout, line(row.raw));
        started = true;
        return;
      }
      if (widths === undefined) {
        // Later pages keep the first page's widths, so the columns stay aligned.
        widths = columnWidths(
          columns,
          rows.map((r) => r.display),
          out.width,
        );
        const header = rowLine(
          columns,
          widths,
          columns.map((c) => c.header),
        );
        writeLine(io.stdout, out.color ? bold(header) : header);
        writeLine(io.stdout, out.color ? dim(ruleLine(widths)) : ruleLine(widths));
      }
      for (const row of rows) writeLine(io.stdout, rowLine(columns, widths, row.display, cut));
      started = true;
    },
    /** Whether any row was written (an empty list says so on stderr). */
    get started() {
      return started;
    },
  };
};

/** A whole table at once. */
export const printTable = (deps: PrintDeps, columns: readonly DataColumn[], rows: readonly Cells[]) => {
  rowsWriter(deps, columns).write(rows);
};

/** One record, `[key, label, value]`: aligned `label  value` lines, or `key<TAB>value` rows. */
export const printRecord = (
  deps: PrintDeps,
  entries: readonly (readonly [key: string, label: string, value: string])[],
): void => {
  const { io, out } = deps;
  if (out.format === 'tsv' || out.format === 'csv') {
    printTable(
      deps,
      [
        { key: 'field', header: 'field' },
        { key: 'value', header: 'value' },
      ],
      entries.map(([key, , value]) => ({ display: [key, value], raw: [key, value] })),
    );
    return;
  }
  for (const line of recordLines(entries.map(([, label, value]) => [label, value] as const))) {
    writeLine(io.stdout, line);
  }
};
