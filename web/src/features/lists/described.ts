import { type Descriptor, fieldOf, hasScope, labelKeyOf, type NamedMeta } from '@extranet/core';

/**
 * A list's grid columns and filter widgets, read from its resource's descriptor in core: labels
 * by the field's label key, sortability, filter kind, column scope. Pure, so a test sees what a
 * field added to a descriptor becomes on screen without rendering it.
 */

type Holder = Parameters<typeof hasScope>[0];

/** One grid column: its field, the i18n key of its header, whether a header click sorts it. */
export interface GridColumn {
  readonly field: string;
  readonly labelKey: string;
  readonly sortable: boolean;
}

/** The grid columns of the given fields, in their order. */
export const gridColumns = (descriptor: Descriptor, fields: readonly string[]): GridColumn[] =>
  fields.map((field) => ({
    field,
    labelKey: labelKeyOf(descriptor, field),
    sortable: fieldOf(descriptor, field)?.sortable ?? true,
  }));

/**
 * One widget of a filter panel. `choice` with `options`: among the field's codes; without: among
 * the values the list provides (the server's choices, or the rows'). `select`: one integer of the
 * field's range (`equals`); `age`: a pair of spinners; `dates`: a date range; `text`: starts with.
 */
export type FilterWidget = { readonly field: string; readonly labelKey: string } & (
  | { readonly kind: 'text'; readonly maxLength?: number }
  | { readonly kind: 'choice'; readonly options?: readonly string[] }
  | { readonly kind: 'select'; readonly options: readonly string[] }
  | { readonly kind: 'age' }
  | { readonly kind: 'dates' }
);

const widgetOf = (field: NamedMeta, labelKey: string): FilterWidget => {
  const base = { field: field.name, labelKey };
  const codes = field.values ?? field.codes;
  if (field.filter === 'text')
    return { ...base, kind: 'text', ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
  if (field.filter === 'choice' && field.wire === 'integer' && field.range) {
    const [low, high] = field.range;
    return {
      ...base,
      kind: 'select',
      options: Array.from({ length: high - low + 1 }, (_, i) => String(low + i)),
    };
  }
  if (field.filter === 'choice') return { ...base, kind: 'choice', ...(codes ? { options: codes } : {}) };
  if (field.filter === 'range' && field.wire === 'date') return { ...base, kind: 'dates' };
  // Ages are the only integers the panels filter by range (core's ageInput checks 0 to 150).
  if (field.filter === 'range' && field.wire === 'integer') return { ...base, kind: 'age' };
  throw new Error(`${field.name}: no filter widget for a ${field.wire} filtered by ${field.filter}`);
};

/** The filter panel of a list for the account: its `filters` fields the account may filter on. */
export const filterWidgets = (
  descriptor: Descriptor,
  fields: readonly string[],
  account: Holder,
): FilterWidget[] =>
  fields.flatMap((name) => {
    const field = fieldOf(descriptor, name);
    if (field === undefined) throw new Error(`${descriptor.table}: no field ${name} to filter`);
    if (!hasScope(account, field.filterScope ?? field.scope)) return [];
    return [widgetOf(field, field.filterLabel ?? labelKeyOf(descriptor, name))];
  });
