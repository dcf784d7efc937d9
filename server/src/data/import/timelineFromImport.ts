import {
  eventsFor,
  type InsuredFacts,
  type PolicyFacts,
  type PolicyWithInsured,
} from '@extranet/core/domain/policyLifecycle/index.ts';
import { camelCase as camel } from '../../db/rows.ts';
import type { Queryable } from '../../db/types.ts';
import { insertRows } from '../insertRows.ts';

type Row = Record<string, unknown>;

const facts = (row: Row): PolicyFacts & Row => {
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    out[camel(k)] = v instanceof Date ? v.toISOString() : v === null ? null : String(v);
  return out as PolicyFacts & Row;
};
const insuredFacts = (row: Row): InsuredFacts => ({
  idAssure: String(row.id_assure),
  nomprenom: (row.nomprenom as string | null) ?? null,
  dateResil: (row.date_resil as string | null) ?? null,
});

const eventColumns = [
  'courtier',
  'code_courtier_portail',
  'code_courtier_grossiste_portail',
  'id_courtier_portail',
  'id_courtier_gestion',
  'id_courtier_grossiste_gestion',
  'time',
  'id_police',
  'police',
  'risque',
  'gamme',
  'nomprenom',
  'id_assure',
  'type_message',
  'message',
];

export interface PolicyChange {
  /** The stored policy (snake_case row) or undefined for a new one. */
  readonly before: Row | undefined;
  readonly after: Row;
  readonly insuredBefore: readonly Row[];
  readonly insuredAfter: readonly Row[];
}

/**
 * Timeline events for policies an import changed: the lifecycle machine compares each policy
 * (and its insured persons) before and after and says what happened. Returns the events added.
 */
export const recordLifecycleEvents = async (
  tx: Queryable,
  changes: readonly PolicyChange[],
  now: Date,
): Promise<readonly Row[]> => {
  const rows: Row[] = [];
  for (const change of changes) {
    const before: PolicyWithInsured | undefined = change.before
      ? { policy: facts(change.before), insured: change.insuredBefore.map(insuredFacts) }
      : undefined;
    const after: PolicyWithInsured = {
      policy: facts(change.after),
      insured: change.insuredAfter.map(insuredFacts),
    };
    const p = facts(change.after);
    for (const draft of eventsFor(before, after))
      rows.push({
        courtier: p.courtier,
        codeCourtierPortail: p.codeCourtierPortail,
        codeCourtierGrossistePortail: p.codeCourtierGrossistePortail,
        idCourtierPortail: p.idCourtierPortail,
        idCourtierGestion: p.idCourtierGestion,
        idCourtierGrossisteGestion: p.idCourtierGrossisteGestion,
        time: now.toISOString(),
        idPolice: p.idPolice,
        police: p.police,
        risque: p.risque,
        gamme: p.gamme,
        nomprenom: p.nomprenom,
        idAssure: draft.idAssure ?? null,
        typeMessage: draft.typeMessage,
        message: draft.message,
      });
  }
  await insertRows(tx, 'timeline_event', eventColumns, rows);
  return rows;
};
