/**
 * The values a list's multi-select filters offer (docs/product.md §2 "Votre Portefeuille": Courtier,
 * Apporteur, Gamme, Motif de résiliation… with 'Tous'): the distinct values of one whitelisted
 * field over the caller's rows only, so another broker's names and codes never reach a menu.
 */
import { type FilterChoice, MAX_FILTER_VALUES } from '@extranet/core/contract/filterValues.ts';
import type { ValueChoice } from '@extranet/core/descriptors/descriptor.ts';
import { type Db, readerOf } from '../../db/types.ts';
import { binder } from '../engine/binder.ts';
import type { Caller } from '../engine/caller.ts';
import { visibleFields } from '../engine/columns.ts';
import { badParam } from '../engine/errors.ts';
import { fieldMap, type ResourceDef } from '../engine/fields.ts';
import { scopeCondition } from '../engine/scope.ts';

/**
 * One field's distinct values, sorted, for `caller`. A field outside `choices`, or one the
 * caller may not filter the list on (column scope), is the list's own 400 for an unknown
 * filter field, so this route reveals nothing the list would not.
 */
export async function distinctValues(
  db: Db,
  resource: ResourceDef,
  choices: readonly ValueChoice[],
  caller: Caller,
  name: string,
): Promise<FilterChoice[]> {
  const choice = choices.find((c) => c.name === name);
  const visible = new Set(visibleFields(resource, caller, 'list').map((field) => field.name));
  if (!choice || !visible.has(name)) {
    throw badParam('field', 'UnknownField', `Unknown or not permitted filter field ${name}`);
  }
  const fields = fieldMap(resource);
  const column = fields.get(choice.name)!.column;
  const label = choice.label && visible.has(choice.label) ? fields.get(choice.label)!.column : null;
  const bind = binder();
  // The row scope is the engine's, exactly as the list applies it; the scope indexes
  // (`*_list_idx`, which carry gamme and motif_resil) serve the scan of the caller's rows.
  const sql =
    `select ${column} as value, ${label ? `min(${label})` : 'null'} as label from ${resource.table}` +
    ` where ${scopeCondition(caller, bind)} and ${column} is not null and ${column} <> ''` +
    ` group by ${column} order by ${column} limit ${bind(MAX_FILTER_VALUES)}`;
  const rows = await readerOf(db).query<{ value: string; label: string | null }>(sql, bind.params);
  return rows.map((row) => ({ value: String(row.value), label: row.label ?? null }));
}
