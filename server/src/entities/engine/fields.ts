/**
 * How a resource is described to the list engine: its table, its whitelisted fields with their
 * types, the columns of the global search, its presets and its default sort. Everything the
 * engine accepts from a query string is checked against this description, which is derived from
 * the resource's descriptor in core (see from-descriptor.ts).
 */
import type { Condition } from '@extranet/core/descriptors/condition.ts';
import type { ColumnScope, WireType } from '@extranet/core/descriptors/field.ts';
import { NBSP, PERCENT_DECIMALS } from '@extranet/core/format/display.ts';
import { snakeCase } from '../../db/rows.ts';

/** The wire types of core's descriptors: text, a closed list of codes, numbers, dates and instants. */
export type FieldType = WireType;

export interface FieldDef {
  /** The spec's camelCase field name, used in JSON, query strings and CSV `columns=`. */
  readonly name: string;
  readonly column: string;
  readonly type: FieldType;
  /** French header of the CSV export. */
  readonly label: string;
  /** Core's column scope: the field needs that scope's permission (entities/engine/columns.ts). */
  readonly scope?: ColumnScope;
  /** For enum fields: the accepted codes. */
  readonly values?: readonly string[];
  /**
   * A text field holding a closed list of codes (core's `codes` annotation): writes and imports
   * accept only these, lists still filter it as text, exports need not defuse it.
   */
  readonly codes?: readonly string[];
  /**
   * A text field with a shape (core's `shape` annotation: an identifier, a postal code, an e-mail
   * address): writes and imports accept only values matching it, exports need not defuse it.
   */
  readonly pattern?: RegExp;
  /** The SQL every view reads instead of `column` (a masked NIR, masked.ts); exports to `nir.reveal` read `column`. */
  readonly masked?: string;
  /** False when the list offers no filter on the field (default: filterable). */
  readonly filterable?: boolean;
  /** False when the list cannot be sorted on the field (default: sortable). */
  readonly sortable?: boolean;
  /** A date whose day means nothing (an accounting month): exported MM/yyyy, as shown. */
  readonly month?: boolean;
  /** A name: sorted with WORDS_COLLATION (accents and case folded), not by character code. */
  readonly words?: boolean;
}

/**
 * The collation names sort by: ICU's root order, which French follows (accents, then case, only
 * break ties). Both databases have it (PostgreSQL built with ICU, PGlite 0.5); the indexes that
 * serve a sort by name are built with it (migration 0060), or the sort could not use them.
 */
export const WORDS_COLLATION = '"und-x-icu"';

export type Direction = 'asc' | 'desc';

export interface SortSpec {
  readonly field: string;
  readonly direction: Direction;
}

/** A predefined filter: a fixed condition (no user value, core's descriptor) and the sort it implies. */
export interface PresetDef {
  readonly where: Condition;
  readonly sort?: readonly SortSpec[];
}

export interface ResourceDef {
  /** The entity name of alert headers: `extranetApp.<entityName>.created`. */
  readonly entityName: string;
  readonly table: string;
  /** The field that identifies a row in URLs (`idPolice`), `id` when there is no business key. */
  readonly key: string;
  readonly fields: readonly FieldDef[];
  /** Fields of the `q=` global contains search. */
  readonly search: readonly string[];
  readonly defaultSort: readonly SortSpec[];
  readonly presets?: Readonly<Record<string, PresetDef>>;
  readonly defaultSize: number;
  /** Name of the CSV file offered on export. */
  readonly exportName: string;
}

/**
 * Whether an export must defuse the field's cells (a leading = + - @ tab or CR would run as a
 * spreadsheet formula): free text only. Enum fields, text holding a closed list of codes and
 * text with a shape are checked on every write and import, and neither a code nor a shape lets a
 * value start with such a character or need quoting (free-text.test.ts).
 */
export const freeText = (field: FieldDef): boolean =>
  field.type === 'text' && field.codes === undefined && field.pattern === undefined;

/**
 * A rate (a fraction, `0.12`) as the screen shows it (core `formatPercent`): a percentage rounded
 * to PERCENT_DECIMALS, trailing zeros dropped, decimal comma, a no-break space and `%`: `12 %`,
 * `10,1 %`. NULL stays NULL. Both export paths (csv.ts, copy-export.ts) use it.
 */
export const percentSql = (column: string): string =>
  `replace(trim_scale(round(${column} * 100, ${PERCENT_DECIMALS}))::text, '.', ',') || '${NBSP}%'`;

/** A date shown as its month (core `formatMonth`): `12/2026`. */
export const monthSql = (column: string): string => `to_char(${column}, 'MM/YYYY')`;

/** A field's column: its name in snake case (`server/src/db/rows.ts` converts both ways). */
export const columnOf = snakeCase;

export function fieldMap(resource: ResourceDef): ReadonlyMap<string, FieldDef> {
  return new Map(resource.fields.map((field) => [field.name, field]));
}

export const asc = (field: string): SortSpec => ({ field, direction: 'asc' });
export const desc = (field: string): SortSpec => ({ field, direction: 'desc' });
