import { CsvError, parse } from 'csv-parse/sync';
import type { ImportProblem } from './problems.ts';

/** A data record with the line it starts on; values are text or null (empty). */
export interface SourceRecord {
  readonly line: number;
  readonly values: Readonly<Record<string, string | null>>;
}

export type ReadResult =
  | { readonly ok: true; readonly columns: readonly string[]; readonly records: readonly SourceRecord[] }
  | { readonly ok: false; readonly problems: readonly ImportProblem[] };

const fail = (line: number | null, reason: string, field: string | null = null): ReadResult => ({
  ok: false,
  problems: [{ line, field, reason }],
});

/** UTF-8 text of the file, or the line holding the first byte that is not UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array): { text: string } | { line: number } => {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch {
    let line = 1;
    let start = 0;
    const check = (end: number) =>
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, end));
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          check(i);
        } catch {
          return { line };
        }
        line++;
        start = i + 1;
      }
    }
    return { line };
  }
};

/** Where a record starts: csv-parse counts the lines up to its end, so take back the breaks inside it. */
const startLine = (endLine: number, raw: string) =>
  endLine - (raw.replace(/\r?\n$|\r$/, '').match(/\r\n|\r|\n/g)?.length ?? 0);

/** RFC 4180 records separated by `;`, quotes doubled inside quoted fields, CRLF or LF (csv-parse). */
export const readCsv = (text: string): ReadResult => {
  let lastComplete = 0;
  type Parsed = { record: string[]; info: { lines: number }; raw: string };
  let parsed: Parsed[];
  try {
    // With `info` and `raw`, each record comes as { record, info, raw } (the types say string[]).
    parsed = parse(text, {
      delimiter: ';',
      relax_column_count: true,
      relax_quotes: true,
      info: true,
      raw: true,
      on_record: (record, context) => {
        lastComplete = context.lines;
        return record;
      },
    }) as unknown as Parsed[];
  } catch (error) {
    if (!(error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')) throw error;
    // The unclosed record starts on the first non-blank line after the last complete one.
    const lines = text.split(/\r\n|\r|\n/);
    let line = lastComplete + 1;
    while (line <= lines.length && lines[line - 1] === '') line++;
    return fail(line, 'truncated file: a quoted field is never closed');
  }
  const rows = parsed
    .filter((r) => !(r.record.length === 1 && r.record[0] === '')) // blank lines
    .map((r) => ({ line: startLine(r.info.lines, r.raw), fields: r.record }));
  const [header, ...data] = rows;
  if (!header) return fail(1, 'empty file: a header line is expected');
  const columns = header.fields.map((f) => f.trim());
  const problems: ImportProblem[] = [];
  const records: SourceRecord[] = [];
  for (const row of data) {
    if (row.fields.length !== columns.length) {
      const truncated = row === data.at(-1) && row.fields.length < columns.length && !text.endsWith('\n');
      problems.push({
        line: row.line,
        field: null,
        reason: `${columns.length} fields expected, ${row.fields.length} found${truncated ? ' (truncated file?)' : ''}`,
      });
      continue;
    }
    const values: Record<string, string | null> = {};
    columns.forEach((c, i) => {
      const v = row.fields[i]!.trim();
      values[c] = v === '' ? null : v;
    });
    records.push({ line: row.line, values });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, columns, records };
};

/** Line of each top-level array element's opening brace (for error messages). */
const elementLines = (text: string): number[] => {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 1) lines.push(line);
      depth++;
    } else if (c === '}' || c === ']') depth--;
  }
  return lines;
};

/** A JSON array of flat objects; numbers and booleans become their text. */
export const readJson = (text: string): ReadResult => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const position = /position (\d+)/.exec(String(e))?.[1];
    const line = position ? text.slice(0, Number(position)).split('\n').length : text.split('\n').length;
    const truncated = /end of (JSON )?input|Unterminated/i.test(String(e));
    return fail(line, `${truncated ? 'truncated file: ' : ''}invalid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(parsed)) return fail(1, 'a JSON array of objects is expected');
  const lines = elementLines(text);
  const columns = new Set<string>();
  const problems: ImportProblem[] = [];
  const records: SourceRecord[] = [];
  parsed.forEach((item, i) => {
    const line = lines[i] ?? null;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ line, field: null, reason: 'an object is expected' });
      return;
    }
    const values: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(item)) {
      columns.add(k);
      if (v !== null && typeof v === 'object')
        problems.push({ line, field: k, reason: 'a plain value is expected' });
      values[k] = v === null || v === '' ? null : String(v);
    }
    records.push({ line: line ?? i + 1, values });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, columns: [...columns], records };
};
