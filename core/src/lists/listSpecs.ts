import type { Filters } from '../api/listParams.ts';
import type { SortOrder } from '../api/pagingParams.ts';
import {
  cliColumns,
  type Descriptor,
  filterFields,
  offeredColumns,
  shownColumns,
} from '../descriptors/descriptor.ts';
import { DESCRIPTORS } from '../descriptors/index.ts';
import { ROUTES, type RouteKey } from '../permissions/permissions.ts';
import type { AddressPlace } from './listAddress.ts';

/** What differs between the lists of docs/product.md §2 and §9: sizes, default sort, columns, presets (from the descriptors). */
export interface ListSpec {
  readonly id: 'police' | 'assures' | 'commission' | 'mouvements' | 'timeline' | 'anomalies';
  /** The route that shows the list (who may open it is that route's rule). */
  readonly route: RouteKey;
  /** The list's public name, its route's first path segment: `police-assure` (saved lists' `list`). */
  readonly name: string;
  readonly pageSize: number;
  readonly pageSizes: readonly number[];
  readonly defaultSort: readonly SortOrder[];
  /** Filters a fresh list (and 'Effacer filtres') starts from. */
  readonly defaultFilters: Filters;
  /** Columns shown at first; the column chooser offers `selectableColumns`. */
  readonly defaultColumns: readonly string[];
  readonly selectableColumns: readonly string[];
  /** The fields of the filter panel ('Plus de filtres...'), in order. */
  readonly filterFields: readonly string[];
  /** The columns of the terminal's table. */
  readonly cliColumns: readonly string[];
  /** What a row's card shows on a phone (the first is its title): name, police, status, key date. */
  readonly cardFields: readonly string[];
  /** Predefined filters and the sort each one imposes (docs/product.md §4). */
  readonly presets: Readonly<Record<string, { readonly sort?: readonly SortOrder[] }>>;
  /** Where the list's address sits in its route's query. */
  readonly address: AddressPlace;
}

/** A row's card on a phone: the fields that tell rows apart, the title first. */
const CARD_FIELDS: Readonly<Record<ListSpec['id'], readonly string[]>> = {
  police: ['nomprenom', 'police', 'statut', 'dateEffet', 'risque'],
  assures: ['nomprenom', 'police', 'rang', 'statut', 'dateEffet'],
  commission: ['mois', 'typeBordereau', 'montant', 'nb', 'datePaiement'],
  mouvements: ['nomprenom', 'police', 'libelleMouvement', 'periode', 'montant'],
  timeline: ['nomprenom', 'typeMessage', 'time', 'message'],
  anomalies: ['police', 'regle', 'montant', 'mois', 'explication'],
};

/** The route showing each list: the statement lines show inside the statement detail. */
const LIST_ROUTES: Readonly<Record<ListSpec['id'], RouteKey>> = {
  police: 'police',
  assures: 'policeAssure',
  commission: 'commission',
  mouvements: 'statementDetail',
  timeline: 'timeline',
  anomalies: 'anomalies',
};

/**
 * A statement's lines share the statement's address (its `first`, `from`): their keys carry
 * `lines.` and `tab=lines` says the lines tab is shown; the timeline counts pages from 1.
 */
const ADDRESS_PLACES: Readonly<Record<ListSpec['id'], AddressPlace>> = {
  police: {},
  assures: {},
  commission: {},
  mouvements: { prefix: 'lines.', marks: [['tab', 'lines']] },
  timeline: { pageFromOne: true },
  anomalies: {},
};

/** A list's spec, read from its resource's descriptor. */
export const listSpecOf = (id: ListSpec['id'], descriptor: Descriptor = DESCRIPTORS[id]): ListSpec => ({
  id,
  route: LIST_ROUTES[id],
  name: ROUTES[LIST_ROUTES[id]].path.split('/')[1]!,
  pageSize: descriptor.pageSize,
  pageSizes: descriptor.pageSizes,
  defaultSort: descriptor.defaultSort,
  defaultFilters: descriptor.defaultFilters ?? {},
  defaultColumns: shownColumns(descriptor),
  selectableColumns: offeredColumns(descriptor),
  filterFields: filterFields(descriptor),
  cliColumns: cliColumns(descriptor),
  cardFields: CARD_FIELDS[id],
  presets: descriptor.presets ?? {},
  address: ADDRESS_PLACES[id],
});

export const LIST_SPECS: Readonly<Record<ListSpec['id'], ListSpec>> = {
  police: listSpecOf('police'),
  assures: listSpecOf('assures'),
  commission: listSpecOf('commission'),
  mouvements: listSpecOf('mouvements'),
  timeline: listSpecOf('timeline'),
  anomalies: listSpecOf('anomalies'),
};

/** The lists by their public name (`police`, `police-assure`, `commission`, `mouvements`, `timeline`, `anomalies`). */
export const LIST_NAMES: readonly string[] = Object.values(LIST_SPECS).map((spec) => spec.name);

/** The spec of a list by its public name, or undefined. */
export const listSpecNamed = (name: string): ListSpec | undefined =>
  Object.values(LIST_SPECS).find((spec) => spec.name === name);

/** Filter debounce of docs/product.md §9. */
export const FILTER_DEBOUNCE_MS = 50;
