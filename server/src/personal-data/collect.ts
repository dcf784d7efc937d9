/**
 * Everything the extranet holds about one insured person (docs/security.md "Data protection",
 * the answer to an access or portability request): their own row (identity and their part of
 * the contract), their policy, the policy's events that concern them (theirs, and the policy's
 * own), the commission lines of their policy that name them, and the disputes (with their thread
 * of messages) opened on a line or their policy that name them. Read through the one query
 * builder with the caller, so row scope and column scope apply as on every screen: another
 * broker's insured person is not found, commission amounts need ROLE_COMPTA, the NIR is whole
 * only for `nir.reveal`.
 */

import type { Dispute } from '@extranet/core/domain/dispute.ts';
import { may } from '@extranet/core/permissions/table.ts';
import type { Db } from '../db/types.ts';
import { disputeAnswer, findDispute, listDisputes } from '../disputes/store.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { visibleFields } from '../entities/engine/columns.ts';
import { findVisible } from '../entities/engine/detail.ts';
import type { ResourceDef } from '../entities/engine/fields.ts';
import { jsonColumns, toJson } from '../entities/engine/json.ts';
import { mayRevealNir } from '../entities/engine/masked.ts';
import { fieldEquals, selectRows } from '../entities/engine/query.ts';
import { mouvementResource } from '../entities/mouvements/resource.ts';
import { policeResource } from '../entities/police/resource.ts';
import { policeAssureResource } from '../entities/police-assures/resource.ts';
import { timelineResource } from '../entities/timelines/resource.ts';

type Row = Record<string, unknown>;

export interface PersonalData {
  /** When the answer was made (ISO instant). */
  readonly generatedAt: string;
  readonly insured: Row;
  readonly policy: Row | null;
  readonly events: readonly Row[];
  /** Null when the caller may not read statements (`commissions.read`). */
  readonly commissionLines: readonly Row[] | null;
  /** Disputes naming them, each with its messages, oldest first; null without `disputes.read`. */
  readonly disputes: readonly Dispute[] | null;
}

/** Rows of `resource` where `field` equals `value`, in the caller's scope, sorted, as a detail shows them. */
async function rowsWhere(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  field: string,
  value: string,
  sort: string,
): Promise<Row[]> {
  const fields = visibleFields(resource, caller, 'detail');
  const statement = selectRows(
    resource,
    caller,
    { filters: [fieldEquals(resource, field, value)] },
    { columns: jsonColumns(fields), sorts: [{ field: sort, direction: 'asc' }] },
  );
  const rows = await db.query(statement.sql, statement.params);
  return rows.map((row) => toJson(fields, row));
}

/** The stored NIR of an insured person in the caller's scope (the export view reads it whole for nir.reveal). */
export async function wholeNir(db: Db, caller: Caller, idAssure: string): Promise<string | null | undefined> {
  const row = await findVisible(db, policeAssureResource, caller, idAssure, { view: 'export' });
  return row ? ((row.numeroSecu as string | null) ?? null) : undefined;
}

/** Null when the person is unknown or outside the caller's scope. */
export async function collectPersonalData(
  db: Db,
  caller: Caller,
  idAssure: string,
  now: Date,
): Promise<PersonalData | null> {
  // As the detail shows them (contacts included), with the NIR whole for nir.reveal only.
  const shown = await findVisible(db, policeAssureResource, caller, idAssure);
  if (!shown) return null;
  const insured = mayRevealNir(caller)
    ? { ...shown, numeroSecu: await wholeNir(db, caller, idAssure) }
    : shown;
  const idPolice = String(insured.idPolice);
  const policy = await findVisible(db, policeResource, caller, idPolice);
  const events = (await rowsWhere(db, timelineResource, caller, 'idPolice', idPolice, 'time')).filter(
    (event) => event.idAssure === null || event.idAssure === insured.idAssure,
  );
  const mayReadStatements = may(caller, 'commissions.read');
  const commissionLines = mayReadStatements
    ? (await rowsWhere(db, mouvementResource, caller, 'idPolice', idPolice, 'id')).filter(
        (line) => line.nomprenom === insured.nomprenom,
      )
    : null;
  const disputes = may(caller, 'disputes.read')
    ? await disputesNaming(db, caller, Number(idPolice), insured.nomprenom)
    : null;
  return { generatedAt: now.toISOString(), insured, policy, events, commissionLines, disputes };
}

/** The policy's disputes in the caller's scope that carry the person's name (a dispute names the holder). */
async function disputesNaming(db: Db, caller: Caller, idPolice: number, name: unknown): Promise<Dispute[]> {
  if (typeof name !== 'string') return [];
  const { rows } = await listDisputes(db, caller, { idPolice, orderBy: 'id', size: 1000, offset: 0 });
  const answers: Dispute[] = [];
  for (const summary of rows.filter((d) => d.nomprenom === name)) {
    const row = await findDispute(db, caller, summary.id);
    if (row) answers.push(await disputeAnswer(db, row));
  }
  return answers;
}
