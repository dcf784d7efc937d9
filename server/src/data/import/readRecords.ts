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

/** RFC 4180 records separated by `;`, quotes doubled inside quoted fields, CRLF or LF. */
export const readCsv = (text: string): ReadResult => {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ';') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      fieldStarted = false;
      line++;
      rowLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return fail(rowLine, 'truncated file: a quoted field is never closed');
  if (fieldStarted || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
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
