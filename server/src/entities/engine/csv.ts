/**
 * CSV for French spreadsheets: `;` separator, CRLF lines, UTF-8 with BOM, decimal comma and
 * dd/MM/yyyy dates. PostgreSQL formats and quotes each row into one text line: numbers never
 * pass through floats, and the server only joins lines (a million-row export spends its time
 * in the database, not in per-cell JavaScript).
 */
import { type FieldDef, freeText, monthSql, percentSql } from './fields.ts';

export const BOM = '\uFEFF';
export const SEPARATOR = ';';

function csvExpression(field: FieldDef): string {
  switch (field.type) {
    case 'money':
      return `replace(${field.column}::text, '.', ',')`;
    // Rates and months read as on the screen (12 %, 12/2026); amounts stay plain numbers.
    case 'rate':
      return percentSql(field.column);
    case 'date':
      return field.month ? monthSql(field.column) : `to_char(${field.column}, 'DD/MM/YYYY')`;
    case 'timestamp':
      return `to_char(${field.column} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`;
    case 'id':
    case 'integer':
      return `${field.column}::text`;
    default:
      return field.column;
  }
}

/** One cell in SQL, with the same formula defusing and quoting as `csvCell`. */
function csvSqlCell(field: FieldDef): string {
  const value = csvExpression(field);
  if (field.type !== 'text' && field.type !== 'enum') return `coalesce(${value}, '')`;
  if (!freeText(field)) return `coalesce(${value}, '')`;
  const defused = `(case when ${value} ~ '^[=+@\\t\\r-]' then '''' || ${value} else ${value} end)`;
  return `coalesce(case when ${defused} ~ '[;"\\r\\n]' then '"' || replace(${defused}, '"', '""') || '"' else ${defused} end, '')`;
}

/** The select list of an export: the whole CSV line as one column, `line`. */
export function csvLineColumn(fields: readonly FieldDef[]): string {
  return `${fields.map(csvSqlCell).join(` || '${SEPARATOR}' || `)} as line`;
}

/** Joins a batch of SQL-built lines. */
export function csvLines(rows: readonly Record<string, unknown>[]): string {
  let out = '';
  for (const row of rows) out += `${row.line as string}\r\n`;
  return out;
}

/** Quotes when needed; text that a spreadsheet would run as a formula is defused with a quote. */
export function csvCell(value: unknown, field?: FieldDef): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if ((field === undefined || field.type === 'text') && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(SEPARATOR)}\r\n`;
}

export function csvHeader(fields: readonly FieldDef[]): string {
  return csvLine(fields.map((field) => csvCell(field.label)));
}
