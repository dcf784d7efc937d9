/**
 * Column scope of docs/design.md §4: commission fields need ROLE_COMPTA in every view; contact
 * fields need ROLE_COORD in lists and exports, while a detail view shows them (the policy card
 * is for ROLE_PORTEFEUILLE). Roles are read literally: ROLE_ADMIN does not imply either one.
 */
import { type Caller, hasRole } from './caller.ts';
import type { FieldDef, ResourceDef } from './fields.ts';

export type View = 'list' | 'detail' | 'export';

export function maySee(field: FieldDef, caller: Caller, view: View): boolean {
  if (field.scope === 'commission') return hasRole(caller, 'ROLE_COMPTA');
  if (field.scope === 'contact') return view === 'detail' || hasRole(caller, 'ROLE_COORD');
  return true;
}

/** The fields the caller may read, filter, sort and search on, in the resource's order. */
export function visibleFields(resource: ResourceDef, caller: Caller, view: View): FieldDef[] {
  return resource.fields.filter((field) => maySee(field, caller, view));
}
