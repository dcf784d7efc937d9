/**
 * One field of a resource, described once: its type on the wire (and so its SQL column type and
 * its Effect Schema, see schema.ts), its label, who may see it, how it filters, sorts and
 * searches, and where the list shows it. The domain schemas (which carry this description as a
 * Schema annotation), the server's resource definitions, the OpenAPI document, core's list specs
 * and column permissions are all read from it. Plain values, free of Effect, so that light
 * clients (the CLI) load list specs without the Effect runtime.
 */

/** The field's type on the wire; each maps to one Effect Schema and one family of SQL types. */
export type WireType = 'text' | 'enum' | 'id' | 'integer' | 'money' | 'rate' | 'date' | 'timestamp';

/**
 * The shapes of text fields that are neither free text nor a closed list. Each starts with a
 * letter, a digit (or `_` for an e-mail address), so never with = + - @ tab or CR (a spreadsheet
 * formula), and holds no `;`, `"`, CR or LF (a CSV cell that would need quoting).
 */
export const SHAPES = {
  /** Codes, identifiers, policy, account and social-security numbers, postal codes: `C0001`, `411C0001`, `POL-1004`, `2A004`. */
  identifier: /^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u,
  /** An e-mail address: `jean.dupont+assur@orange.fr`; not one starting with + - = (RFC 5322 allows it; no sample holds one). */
  email: /^[\p{L}\p{N}_][^\s@;"]*@[^\s@;"]+$/u,
} as const;

export type Shape = keyof typeof SHAPES;

/** COMPTA: needs ROLE_COMPTA everywhere; COORD: needs ROLE_COORD in lists and exports. */
export type ColumnScope = 'COMPTA' | 'COORD';

/**
 * The filter a list offers on the field: free text, a choice (among its codes, the integers of
 * its range, or else the values the caller's rows hold), a range, or none.
 */
export type FilterKind = 'text' | 'choice' | 'range' | 'none';

/**
 * Where the field sits in its list: `offer` orders the column chooser, `show` the columns shown
 * at first, `filters` the list's filter panel ('Plus de filtres...'), `cli` the columns of the
 * terminal's table.
 */
export interface ListPlace {
  readonly offer?: number;
  readonly show?: number;
  readonly filters?: number;
  readonly cli?: number;
}

export interface FieldMeta {
  readonly wire: WireType;
  /** Key of the field's label in the `fields` i18n namespace (the field's name unless set). */
  readonly label: string;
  /** French header of the field in CSV exports. */
  readonly header: string;
  readonly scope?: ColumnScope;
  readonly filter: FilterKind;
  readonly sortable: boolean;
  /** Part of the list's global `q=` search. */
  readonly searchable: boolean;
  /** Enum fields: the accepted codes. */
  readonly values?: readonly string[];
  /** A text field holding a closed list of codes: what an import accepts (lists still filter it as text). */
  readonly codes?: readonly string[];
  /**
   * A text field whose values have a shape (an identifier, a postal code, an e-mail address):
   * admin writes and imports accept only values matching `SHAPES[shape]`. No shape lets a value
   * start with a character a spreadsheet runs as a formula, so exports need not defuse it.
   */
  readonly shape?: Shape;
  /** An integer field's accepted range on import, both bounds included. */
  readonly range?: readonly [number, number];
  /**
   * A name (of a person, a broker, an introducer): sorted as a French reader expects, accents and
   * case folded ("THOMAS Élodie" before "THOMAS Mathieu"), not by character code.
   */
  readonly words?: boolean;
  /** A date whose day means nothing (an accounting month): shown MM/yyyy. */
  readonly month?: boolean;
  /** A text filter's longest input (a postal code: 5). */
  readonly maxLength?: number;
  /** The filter's label (an i18n key) when it is not the column's: the Apporteur filter selects codes. */
  readonly filterLabel?: string;
  /** A choice among the caller's values whose codes are named by another field's text (`codeApporteur` by `apporteur`). */
  readonly choiceLabel?: string;
  /** Who sees the field's filter when it is not everyone who sees the column (docs/product.md §2: the payment filters). */
  readonly filterScope?: ColumnScope;
  /**
   * A value shown masked in every list, detail and export (`nir`: `1 85 05 •• ••• ••• 12`); only
   * the `nir.reveal` permission reads it whole, on an explicit request that is recorded.
   */
  readonly masked?: 'nir';
  readonly list?: ListPlace;
}

/**
 * A described field. `nullable`: the server may send null or leave the field out (hidden
 * columns are absent from the JSON); the client then reads null. `W` and `V` type its schema.
 */
export interface Field<
  W extends WireType = WireType,
  N extends boolean = boolean,
  V extends readonly string[] = readonly string[],
> {
  readonly meta: FieldMeta & { readonly wire: W; readonly values?: V };
  readonly nullable: N;
}

export type AnyField = Field<WireType, boolean, readonly string[]>;

/** The same field with some of its description replaced (e.g. its list place in one resource). */
export const withMeta = <F extends AnyField>(field: F, patch: Partial<FieldMeta>): F =>
  ({ ...field, meta: { ...field.meta, ...patch } }) as F;

type Options<N extends boolean> = Partial<Omit<FieldMeta, 'wire' | 'header' | 'values'>> & {
  readonly nullable?: N;
};

const defaultFilter: Record<WireType, FilterKind> = {
  text: 'text',
  enum: 'choice',
  id: 'range',
  integer: 'range',
  money: 'range',
  rate: 'range',
  date: 'range',
  timestamp: 'range',
};

const make =
  <W extends WireType>(wire: W) =>
  <N extends boolean = true>(header: string, options: Options<N> = {}): Field<W, N, never> => {
    const { nullable = true, ...rest } = options;
    return {
      meta: {
        wire,
        label: '',
        header,
        // A closed list of codes filters as a choice among them.
        filter: rest.codes ? 'choice' : defaultFilter[wire],
        sortable: true,
        searchable: false,
        ...rest,
      },
      nullable: nullable as N,
    };
  };

/** Field builders, one per wire type: `date('Date effet')`, `text('Ville', { scope: 'COORD' })`. */
export const text = make('text');
export const id = make('id');
export const integer = make('integer');
export const money = make('money');
export const rate = make('rate');
export const date = make('date');
export const timestamp = make('timestamp');

/** An enum field over a closed list of codes. */
export const codes = <const V extends readonly [string, ...string[]], N extends boolean = true>(
  values: V,
  header: string,
  options: Options<N> = {},
): Field<'enum', N, V> => {
  const field = make('enum')(header, options);
  return { ...field, meta: { ...field.meta, values } };
};
