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

/** One field's value as JSON text, exactly as `jsonValue` and JSON.stringify would write it. */
function jsonValueSql(field: FieldDef): string {
  const column = `(${field.column})`;
  switch (field.type) {
    case 'money':
    case 'rate':
    case 'id':
    case 'integer':
      // numeric text without trailing zeros is the number JavaScript prints (no exponent:
      // 14 digits and at most 6 decimals stay inside the range JavaScript writes plainly).
      return `to_json(trim_scale(${column}::numeric))::text`;
    case 'timestamp':
      // Date#toISOString: UTC, milliseconds (both truncate the microseconds).
      return `to_json(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;
    default:
      return `to_json(${column})::text`;
  }
}

/**
 * A row as one JSON text built by PostgreSQL, byte for byte what `JSON.stringify(toJson(…))`
 * gives: so a page of 10,000 lines leaves the database as one string, with no object per row in
 * Node. Field names are the descriptors' identifiers (no quote or backslash to escape).
 */
export function jsonRowSql(fields: readonly FieldDef[]): string {
  const parts = fields.map(
    (field, i) => `'${i === 0 ? '{' : ','}"${field.name}":' || coalesce(${jsonValueSql(field)}, 'null')`,
  );
  return fields.length === 0 ? "'{}'" : `${parts.join(' || ')} || '}'`;
}
