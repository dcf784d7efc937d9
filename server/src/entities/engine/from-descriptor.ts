/**
 * A resource's list-engine definition, read from its descriptor in core: the fields with their
 * types, CSV headers and column scope, the search columns, the default sort and page size, the
 * presets with their conditions (turned into SQL by condition-sql.ts when a query uses one).
 */
import { type Descriptor, fieldsOf } from '@extranet/core/descriptors/descriptor.ts';
import { SHAPES } from '@extranet/core/descriptors/field.ts';
import { columnOf, type FieldDef, type PresetDef, type ResourceDef, type SortSpec } from './fields.ts';
import { maskedNirSql } from './masked.ts';

const sortSpecs = (sorts: Descriptor['defaultSort']): SortSpec[] =>
  sorts.map((sort) => ({ field: sort.field, direction: sort.dir }));

export function resourceOf(descriptor: Descriptor): ResourceDef {
  const described = fieldsOf(descriptor);
  const fields: FieldDef[] = described.map((field) => ({
    name: field.name,
    column: columnOf(field.name),
    type: field.wire,
    label: field.header,
    ...(field.scope ? { scope: field.scope } : {}),
    ...(field.values ? { values: field.values } : {}),
    ...(field.codes ? { codes: field.codes } : {}),
    ...(field.shape ? { pattern: SHAPES[field.shape] } : {}),
    ...(field.masked === 'nir' ? { masked: maskedNirSql(columnOf(field.name)) } : {}),
    ...(field.filter === 'none' ? { filterable: false } : {}),
    ...(field.sortable ? {} : { sortable: false }),
    ...(field.words ? { words: true } : {}),
    ...(field.month ? { month: true } : {}),
  }));
  const presets = descriptor.presets
    ? Object.fromEntries(
        Object.entries(descriptor.presets).map(([name, preset]): [string, PresetDef] => [
          name,
          { where: preset.where, ...(preset.sort ? { sort: sortSpecs(preset.sort) } : {}) },
        ]),
      )
    : undefined;
  return {
    entityName: descriptor.entityName,
    table: descriptor.table,
    key: descriptor.key,
    exportName: descriptor.exportName,
    defaultSize: descriptor.pageSize,
    defaultSort: sortSpecs(descriptor.defaultSort),
    search: described.filter((field) => field.searchable).map((field) => field.name),
    fields,
    ...(presets ? { presets } : {}),
  };
}
