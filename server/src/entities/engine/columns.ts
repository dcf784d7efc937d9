/**
 * Column scope of docs/design.md §4: a scoped field needs its permission (core's table:
 * `columns.commission` in every view, `columns.contact` in lists and exports, while a detail view
 * shows contact fields: the policy card is for ROLE_PORTEFEUILLE). ROLE_ADMIN holds neither.
 */
import { COLUMN_PERMISSION, may } from '@extranet/core/permissions/table.ts';
import type { Caller } from './caller.ts';
import type { FieldDef, ResourceDef } from './fields.ts';
import { mayRevealNir } from './masked.ts';

export type View = 'list' | 'detail' | 'export';

export function maySee(field: FieldDef, caller: Caller, view: View): boolean {
  if (field.scope === undefined) return true;
  return (field.scope === 'COORD' && view === 'detail') || may(caller, COLUMN_PERMISSION[field.scope]);
}

/**
 * The fields the caller may read, filter, sort and search on, in the resource's order; a masked
 * field reads its masked SQL, except in an export to a caller holding `nir.reveal`. Writes take
 * only fields of this list (by identity), so a masked value is never written back.
 */
export function visibleFields(resource: ResourceDef, caller: Caller, view: View): FieldDef[] {
  const whole = view === 'export' && mayRevealNir(caller);
  return resource.fields
    .filter((field) => maySee(field, caller, view))
    .map((field) => (field.masked && !whole ? { ...field, column: field.masked } : field));
}
