import type { Filters } from '../api/listParams.ts';
import type { SortOrder } from '../api/paging.ts';
import { DEFAULT_EVENT_TYPES } from '../domain/timeline.ts';
import { COMMISSION_FIELDS, CONTACT_FIELDS } from '../permissions/permissions.ts';

/** What differs between the lists of spec §2 and §9: sizes, default sort, columns, presets. */
export interface ListSpec {
  readonly id: 'police' | 'assures' | 'commission' | 'mouvements' | 'timeline';
  readonly pageSize: number;
  readonly pageSizes: readonly number[];
  readonly defaultSort: readonly SortOrder[];
  /** Filters a fresh list (and 'Effacer filtres') starts from. */
  readonly defaultFilters: Filters;
  /** Columns shown at first; the column chooser offers `selectableColumns`. */
  readonly defaultColumns: readonly string[];
  readonly selectableColumns: readonly string[];
  /** Predefined filters and the sort each one imposes (spec §4). */
  readonly presets: Readonly<Record<string, { readonly sort?: readonly SortOrder[] }>>;
}

const desc = (field: string): SortOrder => ({ field, dir: 'desc' });
const asc = (field: string): SortOrder => ({ field, dir: 'asc' });

const policyPresets = {
  NOF: {},
  SEF: { sort: [desc('dateEnregistrementResil')] },
  RES: {},
  IMP: {},
  MED: {},
  NRS: {},
  VIG: {},
};
const { IMP: _imp, MED: _med, ...insuredPresets } = policyPresets;

const policyDates = ['dateCreation', 'dateSignature', 'dateEffet', 'dateResil', 'dateEnregistrementResil'];

export const LIST_SPECS: Readonly<Record<ListSpec['id'], ListSpec>> = {
  police: {
    id: 'police',
    pageSize: 10,
    pageSizes: [5, 10, 15, 20],
    defaultSort: [desc('dateCreation')],
    defaultFilters: {},
    defaultColumns: [
      'risque',
      'gamme',
      'nomprenom',
      'dateCreation',
      'dateSignature',
      'dateEffet',
      'dateResil',
    ],
    selectableColumns: [
      'courtier',
      'apporteur',
      'police',
      'numeroUcr',
      'referenceCourtier',
      'risque',
      'gamme',
      'formule',
      'nomprenom',
      'cp',
      ...CONTACT_FIELDS,
      'ageAdherent',
      ...policyDates,
      'motifResil',
      'statut',
      'cotisationTtc',
      'statutPaiement',
      'modePaiement',
      ...COMMISSION_FIELDS,
    ],
    presets: policyPresets,
  },
  assures: {
    id: 'assures',
    pageSize: 10,
    pageSizes: [5, 10, 15, 20],
    defaultSort: [asc('police'), asc('rang')],
    defaultFilters: {},
    defaultColumns: ['risque', 'gamme', 'police', 'rang', 'nomprenom', 'age', ...policyDates.slice(0, 4)],
    selectableColumns: [
      'courtier',
      'apporteur',
      'police',
      'risque',
      'gamme',
      'formule',
      'rang',
      'nomprenom',
      'age',
      'dateNaissance',
      'sexe',
      'cp',
      ...CONTACT_FIELDS,
      ...policyDates,
      'motifResil',
      'statut',
      'cotisationTtc',
    ],
    presets: insuredPresets,
  },
  commission: {
    id: 'commission',
    pageSize: 12,
    pageSizes: [6, 12, 24],
    defaultSort: [desc('mois')],
    defaultFilters: {},
    defaultColumns: ['mois', 'typeBordereau', 'compte', 'nb', 'montant', 'dateEnvoi', 'datePaiement'],
    selectableColumns: [
      'courtier',
      'mois',
      'typeBordereau',
      'compte',
      'nb',
      'montant',
      'soldePrecedent',
      'dateEnvoi',
      'datePaiement',
    ],
    presets: {},
  },
  mouvements: {
    id: 'mouvements',
    pageSize: 10,
    pageSizes: [5, 10, 15, 25, 100, 500, 10000],
    defaultSort: [asc('libelleMouvement'), asc('gamme'), asc('police')],
    defaultFilters: {},
    defaultColumns: [
      'police',
      'nomprenom',
      'risque',
      'gamme',
      'libelleMouvement',
      'periode',
      'montantBase',
      'taux',
      'montant',
    ],
    selectableColumns: [
      'courtier',
      'apporteur',
      'police',
      'nomprenom',
      'ville',
      'risque',
      'gamme',
      'formule',
      'dateEffet',
      'dateResil',
      'typeMouvement',
      'libelleMouvement',
      'periode',
      'montantBase',
      'taux',
      'montant',
    ],
    presets: {},
  },
  timeline: {
    id: 'timeline',
    pageSize: 10,
    pageSizes: [10],
    defaultSort: [desc('id')],
    defaultFilters: { typeMessage: { op: 'in', values: DEFAULT_EVENT_TYPES } },
    defaultColumns: ['typeMessage', 'time', 'risque', 'nomprenom', 'message'],
    selectableColumns: [],
    presets: {},
  },
};

/** Filter debounce of spec §9. */
export const FILTER_DEBOUNCE_MS = 50;
