/**
 * The SQL of `GET /api/commissions/{idBordereau}/changes`: a statement's lines summed per
 * commission type (numeric, sent as text), and the statement it is compared with, always inside
 * the caller's row scope.
 */
import type { Caller } from '../entities/engine/caller.ts';
import { type Statement, scopedAggregate } from './scoped.ts';

const STATEMENT_COLUMNS = `id_bordereau::text as "idBordereau", to_char(mois, 'YYYY-MM-DD') as mois,
  code_courtier_portail as "codeCourtierPortail", type_bordereau as "typeBordereau",
  coalesce(montant, 0)::numeric(16,2)::text as montant,
  coalesce(solde_precedent, 0)::numeric(16,2)::text as "soldePrecedent"`;

/** One statement by its key. */
export const statementSql = (caller: Caller, idBordereau: number): Statement =>
  scopedAggregate(caller, {
    table: 'commission',
    select: () => STATEMENT_COLUMNS,
    where: (bind) => [`id_bordereau = ${bind(idBordereau)}`],
  });

/** The same broker's latest statement before a month. */
export const previousStatementSql = (caller: Caller, codeCourtier: string, mois: string): Statement =>
  scopedAggregate(caller, {
    table: 'commission',
    select: () => STATEMENT_COLUMNS,
    where: (bind) => [`code_courtier_portail = ${bind(codeCourtier)}`, `mois < ${bind(mois)}::date`],
    orderBy: 'mois desc, id_bordereau desc',
    limit: 1,
  });

/** A statement's lines per commission type: amount and count. */
export const linesByTypeSql = (caller: Caller, idBordereau: number): Statement =>
  scopedAggregate(caller, {
    table: 'commission_mouvement',
    select: () => `type_mouvement as "typeMouvement", libelle_mouvement as "libelleMouvement",
      coalesce(sum(montant), 0)::numeric(16,2)::text as montant, count(*)::int as lines`,
    where: (bind) => [`id_bordereau = ${bind(idBordereau)}`],
    groupBy: 'type_mouvement, libelle_mouvement',
  });
