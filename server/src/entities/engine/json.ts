/**
 * Rows out as JSON with the spec's camelCase names. Money and rates leave PostgreSQL as decimal
 * text and become JSON numbers here: numeric(14,2) has at most 14 significant digits, which a
 * double holds exactly, so the number printed is the stored decimal (see docs/adr/0002-money.md).
 */
import type { FieldDef } from './fields.ts';

export function jsonColumns(fields: readonly FieldDef[]): string {
  return fields.map((field) => `${field.column} as "${field.name}"`).join(', ');
}

function jsonValue(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'money':
    case 'rate':
    case 'id':
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'timestamp':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    default:
      return value;
  }
}

export function toJson(fields: readonly FieldDef[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field.name] = jsonValue(field, row[field.name]);
  return out;
}
