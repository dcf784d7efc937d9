import { type Descriptor, fieldOf, labelKeyOf } from '@extranet/core/descriptors/descriptor.ts';
import { formatField } from '@extranet/core/format/display.ts';
import { moneyText } from '../output/decimal.ts';
import type { ListColumn } from './runList.ts';

type Row = Readonly<Record<string, unknown>>;

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Numbers line up on the right, as in the web's grid. */
const RIGHT = new Set(['money', 'rate', 'id', 'integer']);

/** Wire types whose display is not the API's value: amounts, rates, dates, instants. */
const RAW = new Set(['money', 'rate', 'date', 'timestamp']);

/**
 * The terminal table of a list, from its resource's descriptor: its `cli` fields in order, each
 * shown by core's `formatField` in the terminal's language (the web's display by type: `12,5 %`,
 * `1 234,56 €`, `24/11/2026 09:05`) and written raw for scripts (the API's value; amounts as
 * decimal text), headed by its label key; `overrides` replace what a command shows differently
 * (a fallback value, a shorter key).
 */
export const describedColumns = <T>(
  descriptor: Descriptor,
  fields: readonly string[],
  overrides: Readonly<Record<string, Partial<ListColumn<T>>>> = {},
): ListColumn<T>[] =>
  fields.map((name) => {
    const field = fieldOf(descriptor, name);
    if (field === undefined) throw new Error(`${descriptor.table}: no field ${name} to print`);
    const column: ListColumn<Row> = {
      key: name,
      labelKey: labelKeyOf(descriptor, name),
      value: (row, f) => formatField(name, row[name], f),
      right: RIGHT.has(field.wire),
      // Scripts get the API's value where the display differs from it; elsewhere the shown text
      // (so a command's override of a text column, a label for a code, serves both).
      ...(RAW.has(field.wire)
        ? {
            raw: (row: Row) =>
              field.wire === 'money' ? (moneyText(row[name] as number | null) ?? '') : textOf(row[name]),
          }
        : {}),
    };
    return { ...(column as unknown as ListColumn<T>), ...overrides[name] };
  });
