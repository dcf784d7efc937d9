import {
  IMPORT_KINDS as CORE_IMPORT_KINDS,
  type ImportKind as CoreImportKind,
} from '@extranet/core/domain/importReport.ts';

/** What each import kind writes, its business key and the references it must satisfy. */
export interface KindSpec {
  readonly table: string;
  /** Business key columns (unique in the file; upsert matches on them). */
  readonly key: readonly string[];
  readonly required: readonly string[];
  /** [column, table holding it as its key]: the referenced row must already exist. */
  readonly refs: readonly (readonly [string, string, string])[];
}

export const importKinds = {
  police: {
    table: 'police',
    key: ['id_police'],
    required: ['id_police', 'code_courtier_portail', 'code_courtier_grossiste_portail'],
    refs: [],
  },
  assures: {
    table: 'police_assure',
    key: ['id_assure'],
    required: ['id_assure', 'id_police', 'code_courtier_portail', 'code_courtier_grossiste_portail'],
    refs: [['id_police', 'police', 'id_police']],
  },
  commissions: {
    table: 'commission',
    key: ['id_bordereau'],
    required: ['id_bordereau', 'code_courtier_portail', 'code_courtier_grossiste_portail', 'mois', 'montant'],
    refs: [],
  },
  recap: {
    table: 'recap_line',
    key: ['id_bordereau', 'ordre'],
    required: ['id_bordereau', 'commission', 'montant', 'ordre'],
    refs: [['id_bordereau', 'commission', 'id_bordereau']],
  },
  mouvements: {
    table: 'commission_mouvement',
    key: ['id_bordereau', 'id_police', 'type_mouvement', 'periode'],
    required: [
      'id_bordereau',
      'id_police',
      'type_mouvement',
      'periode',
      'montant',
      'code_courtier_portail',
      'code_courtier_grossiste_portail',
    ],
    refs: [
      ['id_bordereau', 'commission', 'id_bordereau'],
      ['id_police', 'police', 'id_police'],
    ],
  },
} as const satisfies Record<string, KindSpec>;

export type TableKind = keyof typeof importKinds;
export type ImportKind = TableKind | 'pdf';
/** Core's list of kinds (the contract's), which must be the tables above and `pdf`. */
export const IMPORT_KINDS: readonly ImportKind[] = CORE_IMPORT_KINDS satisfies readonly ImportKind[];
// Every table kind is one of core's too.
true satisfies TableKind extends CoreImportKind ? true : false;
