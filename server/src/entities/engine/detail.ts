/** One row by its key, inside the caller's scope: a row outside it is exactly as absent as an unknown key. */
import type { Db } from '../../db/types.ts';
import { problems } from '../../http/problems.ts';
import type { Caller } from './caller.ts';
import { type View, visibleFields } from './columns.ts';
import { badParam } from './errors.ts';
import { fieldMap, type ResourceDef } from './fields.ts';
import { jsonColumns, toJson } from './json.ts';
import { fieldEquals, selectRows } from './query.ts';
import { normaliseValue } from './values.ts';

/** Checks a path parameter against its field's type (400 naming it when malformed). */
export function checkedKey(resource: ResourceDef, keyField: string, raw: string): string {
  const field = fieldMap(resource).get(keyField)!;
  const value = normaliseValue(field, raw);
  if (value === null) throw badParam(keyField, 'InvalidValue', `Not a valid ${field.type} value`);
  return value;
}

export async function findVisible(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  raw: string,
  options: { keyField?: string; view?: View } = {},
): Promise<Record<string, unknown> | null> {
  const keyField = options.keyField ?? resource.key;
  const fields = visibleFields(resource, caller, options.view ?? 'detail');
  const statement = selectRows(
    resource,
    caller,
    { filters: [fieldEquals(resource, keyField, checkedKey(resource, keyField, raw))] },
    { columns: jsonColumns(fields), limit: 1 },
  );
  const [row] = await db.query(statement.sql, statement.params);
  return row ? toJson(fields, row) : null;
}

/** As findVisible, but a missing row is the 404 problem of the entity. */
export async function getVisible(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  raw: string,
  path: string,
  options: { keyField?: string; view?: View } = {},
): Promise<Record<string, unknown>> {
  const row = await findVisible(db, resource, caller, raw, options);
  if (!row) throw problems.entityNotFound(resource.entityName, path);
  return row;
}
