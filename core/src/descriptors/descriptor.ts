import type { Filters } from '../api/listParams.ts';
import type { SortOrder } from '../api/pagingParams.ts';
import { type Condition, conditionFields } from './condition.ts';
import { type AnyField, type FieldMeta, type ListPlace, withMeta } from './field.ts';

/** A predefined filter of a list (docs/product.md §4): its condition and the sort it imposes. */
export interface PresetDescription {
  readonly where: Condition;
  readonly sort?: readonly SortOrder[];
}

/** A sum over the rows a list selects that meet a condition (a header of the list's answer). */
export interface TotalDescription {
  /** The money field summed (as numeric, never in floats). */
  readonly sum: string;
  readonly where?: Condition;
}

/**
 * Everything about one resource, written once: its table, key and fields (see field.ts; its
 * Effect Schema is derived in schema.ts), its list defaults and presets.
 */
export interface Descriptor<
  F extends Readonly<Record<string, AnyField>> = Readonly<Record<string, AnyField>>,
  K extends string = string,
> {
  /** The entity name of alert headers: `extranetApp.<entityName>.created`. */
  readonly entityName: string;
  readonly table: string;
  /** The field that identifies a row in URLs (`idPolice`), `id` when there is no business key. */
  readonly key: K;
  /** Name of the CSV file offered on export. */
  readonly exportName: string;
  readonly pageSize: number;
  readonly pageSizes: readonly number[];
  readonly defaultSort: readonly SortOrder[];
  /** Filters a fresh list (and 'Effacer filtres') starts from. */
  readonly defaultFilters?: Filters;
  readonly presets?: Readonly<Record<string, PresetDescription>>;
  readonly totals?: Readonly<Record<string, TotalDescription>>;
  readonly fields: F;
}

/** A field's name with its annotations. */
export interface NamedMeta extends FieldMeta {
  readonly name: string;
}

/** Checks a descriptor and gives each field its default label key (its own name). */
export const describe = <
  const F extends Readonly<Record<string, AnyField>>,
  const K extends keyof F & string,
>(
  descriptor: Descriptor<F, K>,
): Descriptor<F, K> => {
  const fields = Object.fromEntries(
    Object.entries(descriptor.fields).map(([name, field]) => [
      name,
      field.meta.label === '' ? withMeta(field, { label: name }) : field,
    ]),
  ) as F;
  const names = new Set(Object.keys(fields));
  const sorts = [
    ...descriptor.defaultSort,
    ...Object.values(descriptor.presets ?? {}).flatMap((preset) => preset.sort ?? []),
  ];
  const rules = [
    ...Object.values(descriptor.presets ?? {}).flatMap((preset) => conditionFields(preset.where)),
    ...Object.values(descriptor.totals ?? {}).flatMap((total) => [
      total.sum,
      ...(total.where ? conditionFields(total.where) : []),
    ]),
  ];
  for (const name of [descriptor.key, ...sorts.map((sort) => sort.field), ...rules]) {
    if (!names.has(name)) throw new Error(`${descriptor.table}: ${name} is not one of its fields`);
  }
  return { ...descriptor, fields };
};

/** The fields in the descriptor's order (the order of JSON answers and of CSV exports). */
export const fieldsOf = (descriptor: Descriptor): NamedMeta[] =>
  Object.entries(descriptor.fields).map(([name, field]) => ({ name, ...field.meta }));

/** A choice filter whose menu the server can fill with the values the caller's rows hold. */
export interface ValueChoice {
  readonly name: string;
  /** The field whose text names each value. */
  readonly label?: string;
}

/**
 * The choice filters `GET <list>/distinct/{field}` answers for: every one but a range of integers
 * (a month of birth is chosen among 1 to 12, not among the rows). Coded fields are included: the
 * codes the caller's rows actually hold make a shorter menu than every code.
 */
export const valueChoicesOf = (descriptor: Descriptor): ValueChoice[] =>
  fieldsOf(descriptor)
    .filter((f) => f.filter === 'choice' && f.range === undefined)
    .map((f) => (f.choiceLabel === undefined ? { name: f.name } : { name: f.name, label: f.choiceLabel }));

/** Names of the fields reserved to a scope across descriptors, first appearance order, no repeats. */
export const scopedFieldNames = (
  descriptors: readonly Descriptor[],
  scope: NonNullable<FieldMeta['scope']>,
): string[] => [
  ...new Set(
    descriptors.flatMap((d) =>
      fieldsOf(d)
        .filter((f) => f.scope === scope)
        .map((f) => f.name),
    ),
  ),
];

type Place = keyof ListPlace;

const placed = (descriptor: Descriptor, place: Place): string[] =>
  fieldsOf(descriptor)
    .filter((field) => field.list?.[place] !== undefined)
    .sort((a, b) => a.list![place]! - b.list![place]!)
    .map((field) => field.name);

/** The columns a list shows at first, in order. */
export const shownColumns = (descriptor: Descriptor): string[] => placed(descriptor, 'show');

/** The columns the list's column chooser offers, in order. */
export const offeredColumns = (descriptor: Descriptor): string[] => placed(descriptor, 'offer');

/** The fields of the list's filter panel, in order. */
export const filterFields = (descriptor: Descriptor): string[] => placed(descriptor, 'filters');

/** The columns of the terminal's table, in order. */
export const cliColumns = (descriptor: Descriptor): string[] => placed(descriptor, 'cli');

/** A field's description by name (undefined for a name the resource does not have). */
export const fieldOf = (descriptor: Descriptor, name: string): NamedMeta | undefined => {
  const field = descriptor.fields[name];
  return field === undefined ? undefined : { name, ...field.meta };
};

/** The i18n key of a field's label: `fields.<label>` (a name the resource lacks keeps its own). */
export const labelKeyOf = (descriptor: Descriptor, name: string): string =>
  `fields.${descriptor.fields[name]?.meta.label || name}`;

/**
 * Places several fields in a list at once: `listed(fields, { offer: [...], show: [...] })`
 * annotates each named field with its position in each array (the arrays only read better than
 * one annotation per field; the annotation is what the lists are derived from).
 */
export const listed = <F extends Readonly<Record<string, AnyField>>>(
  fields: F,
  places: { readonly [P in Place]?: readonly (keyof F & string)[] },
): F => {
  const out: Record<string, AnyField> = { ...fields };
  for (const [name, field] of Object.entries(fields)) {
    const list: { [P in Place]?: number } = {};
    for (const place of ['offer', 'show', 'filters', 'cli'] as const) {
      const at = places[place]?.indexOf(name) ?? -1;
      if (at >= 0) list[place] = at;
    }
    if (Object.keys(list).length > 0) out[name] = withMeta(field, { list });
  }
  return out as F;
};
