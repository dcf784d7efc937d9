/**
 * CSV the way the exports write it (docs/design.md §5): `;` separator, CRLF, UTF-8 BOM first,
 * cells with `;`, `"` or line breaks quoted, text starting with `=`, `+`, `-`, `@` prefixed with
 * `'` so spreadsheets do not run it, numbers with a decimal comma. Chunk by chunk, so a stream
 * never holds the whole file.
 */
export const BOM = '\uFEFF';

export interface CsvColumn<Row> {
  readonly label: string;
  readonly value: (row: Row) => string | number | null | undefined;
}

/** One cell, escaped. */
export const csvCell = (value: string | number | null | undefined, separator = ';'): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(separator) || text.includes('"') || /[\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One line, CRLF-terminated. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>, separator = ';'): string =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/**
 * A writer for a stream: `header()` is the first chunk (BOM and labels), `chunk(rows)` each
 * following one.
 *
 * @example
 * const csv = csvWriter([{ label: 'Police', value: (p) => p.police }]);
 * stream.write(csv.header()); for await (const rows of pages) stream.write(csv.chunk(rows));
 */
export const csvWriter = <Row>(columns: readonly CsvColumn<Row>[], separator = ';') => ({
  header: () =>
    BOM +
    csvLine(
      columns.map((c) => c.label),
      separator,
    ),
  chunk: (rows: Iterable<Row>) => {
    let out = '';
    for (const row of rows)
      out += csvLine(
        columns.map((c) => c.value(row)),
        separator,
      );
    return out;
  },
});
