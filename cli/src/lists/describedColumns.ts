import { type Descriptor, fieldOf, labelKeyOf } from '@extranet/core/descriptors/descriptor.ts';
import type { WireType } from '@extranet/core/descriptors/field.ts';
import { moneyText } from '../output/decimal.ts';
import type { ListColumn } from './runList.ts';

type Row = Readonly<Record<string, unknown>>;
const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * How a field of each wire type prints: amounts and dates in the language's formats (their raw
 * value for scripts: decimal text, ISO date), numbers right-aligned, the rest as text. A column
 * that does not read the formats takes one argument, so TSV and CSV output never load them.
 */
const byWire = (name: string, wire: WireType): Omit<ListColumn<Row>, 'key'> => {
  switch (wire) {
    case 'money':
      return {
        value: (row, f) => f.amount(row[name] as number | null),
        raw: (row) => moneyText(row[name] as number | null) ?? '',
        right: true,
      };
    case 'date':
      return { value: (row, f) => f.date(row[name] as string | null), raw: (row) => textOf(row[name]) };
    case 'id':
    case 'integer':
      return { value: (row) => textOf(row[name]), right: true };
    default:
      return { value: (row) => textOf(row[name]) };
  }
};

/**
 * The terminal table of a list, from its resource's descriptor: its `cli` fields in order, each
 * printed by its wire type and headed by its label key; `overrides` replace what a command shows
 * differently (a fallback value, a shorter key).
 */
export const describedColumns = <T>(
  descriptor: Descriptor,
  fields: readonly string[],
  overrides: Readonly<Record<string, Partial<ListColumn<T>>>> = {},
): ListColumn<T>[] =>
  fields.map((name) => {
    const field = fieldOf(descriptor, name);
    if (field === undefined) throw new Error(`${descriptor.table}: no field ${name} to print`);
    return {
      key: name,
      labelKey: labelKeyOf(descriptor, name),
      ...(byWire(name, field.wire) as unknown as Omit<ListColumn<T>, 'key'>),
      ...overrides[name],
    };
  });
