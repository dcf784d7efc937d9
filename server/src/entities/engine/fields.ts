/**
 * How a resource is described to the list engine: its table, its whitelisted fields with their
 * types, the columns of the global search, its presets and its default sort. Everything the
 * engine accepts from a query string is checked against this description.
 */

/** text: free text; enum: a closed list of codes; the rest are numbers, dates and instants. */
export type FieldType = 'text' | 'enum' | 'id' | 'integer' | 'money' | 'rate' | 'date' | 'timestamp';

/** commission: needs ROLE_COMPTA everywhere; contact: needs ROLE_COORD in lists and exports. */
export type ColumnScope = 'commission' | 'contact';

export interface FieldDef {
  /** The spec's camelCase field name, used in JSON, query strings and CSV `columns=`. */
  readonly name: string;
  readonly column: string;
  readonly type: FieldType;
  /** French header of the CSV export. */
  readonly label: string;
  readonly scope?: ColumnScope;
  /** For enum fields: the accepted codes. */
  readonly values?: readonly string[];
}

export type Direction = 'asc' | 'desc';

export interface SortSpec {
  readonly field: string;
  readonly direction: Direction;
}

/** A predefined filter: a fixed condition (no user value) and the sort it implies. */
export interface PresetDef {
  readonly where: string;
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

/** `codeCourtierPortail` → `code_courtier_portail`; digits stay glued (`tel1`, `annee1`). */
export function columnOf(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Shorthand used by the resource files: `f('dateEffet', 'date', 'Date effet')`. */
export function f(
  name: string,
  type: FieldType,
  label: string,
  extra: { scope?: ColumnScope; values?: readonly string[] } = {},
): FieldDef {
  return { name, column: columnOf(name), type, label, ...extra };
}

export function fieldMap(resource: ResourceDef): ReadonlyMap<string, FieldDef> {
  return new Map(resource.fields.map((field) => [field.name, field]));
}

export const asc = (field: string): SortSpec => ({ field, direction: 'asc' });
export const desc = (field: string): SortSpec => ({ field, direction: 'desc' });

/** Broker fields every business row carries (the row scope reads two of them). */
export const brokerFields: readonly FieldDef[] = [
  f('courtier', 'text', 'Courtier'),
  f('codeCourtierPortail', 'text', 'Code courtier'),
  f('codeCourtierGrossistePortail', 'text', 'Code grossiste'),
  f('idCourtierPortail', 'text', 'Id courtier portail'),
  f('idCourtierGestion', 'text', 'Id courtier gestion'),
  f('idCourtierGrossisteGestion', 'text', 'Id grossiste gestion'),
];
