/**
 * CSV for French spreadsheets: `;` separator, CRLF lines, UTF-8 with BOM, decimal comma and
 * dd/MM/yyyy dates. Formatting happens in SQL so numbers never pass through floats, and the
 * rows only need quoting here.
 */
import type { FieldDef } from './fields.ts';

export const BOM = '\uFEFF';
export const SEPARATOR = ';';

function csvExpression(field: FieldDef): string {
  switch (field.type) {
    case 'money':
    case 'rate':
      return `replace(${field.column}::text, '.', ',')`;
    case 'date':
      return `to_char(${field.column}, 'DD/MM/YYYY')`;
    case 'timestamp':
      return `to_char(${field.column} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`;
    case 'id':
    case 'integer':
      return `${field.column}::text`;
    default:
      return field.column;
  }
}

export function csvColumns(fields: readonly FieldDef[]): string {
  return fields.map((field, i) => `${csvExpression(field)} as c${i}`).join(', ');
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

export function csvRow(fields: readonly FieldDef[], row: Record<string, unknown>): string {
  return csvLine(fields.map((field, i) => csvCell(row[`c${i}`], field)));
}
