/**
 * The dispute tables (migration 0090): reads within the caller's row scope, and the writes of
 * each step. A dispute outside the scope is read as absent, so every route answers 404 for it.
 */
import type { Dispute, DisputeEntry, DisputeSummary } from '@extranet/core/domain/dispute.ts';
import { openingDeadline, reopeningDeadline } from '@extranet/core/domain/dispute.ts';
import type { Queryable } from '../db/types.ts';
import { binder } from '../entities/engine/binder.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { scopeCondition } from '../entities/engine/scope.ts';
import type { CheckedAttachment } from './files.ts';

type Row = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown) => new Date(v as string).toISOString();

const toSummary = (r: Row) =>
  ({
    id: Number(r.id),
    status: r.status,
    source: r.source,
    reason: r.reason,
    amountClaimed: Number(r.amount_claimed),
    courtier: str(r.courtier),
    codeCourtierPortail: str(r.code_courtier_portail),
    idPolice: num(r.id_police),
    police: str(r.police),
    nomprenom: str(r.nomprenom),
    idBordereau: num(r.id_bordereau),
    idMouvement: num(r.id_mouvement),
    regle: str(r.regle),
    statementDate: str(r.statement_date),
    deadline: str(r.deadline),
    openedBy: r.opened_by,
    createdDate: iso(r.created_date),
    lastModifiedDate: iso(r.last_modified_date),
  }) as unknown as DisputeSummary;

/** The stored row of a dispute the caller may see, locked for a step when `forUpdate`. */
export async function findDispute(
  db: Queryable,
  caller: Caller,
  id: number,
  forUpdate = false,
): Promise<Row | undefined> {
  const bind = binder();
  const [row] = await db.query(
    `select * from dispute where id = ${bind(id)} and ${scopeCondition(caller, bind)}${forUpdate ? ' for update' : ''}`,
    bind.params,
  );
  return row;
}

/** A dispute row with its thread, as the API answers it. */
export async function disputeAnswer(db: Queryable, row: Row): Promise<Dispute> {
  const entries = await db.query(
    `select id, kind, author, by_insurer, message, created_date from dispute_entry
     where dispute_id = $1 order by id`,
    [row.id],
  );
  const files = await db.query(
    `select a.id, a.entry_id, a.name, a.mime, a.size from dispute_attachment a
     join dispute_entry e on e.id = a.entry_id where e.dispute_id = $1 order by a.id`,
    [row.id],
  );
  const decided = row.decided_date === null ? null : iso(row.decided_date);
  const reopenable = (row.status === 'ACCEPTED' || row.status === 'REJECTED') && row.reopened !== true;
  return {
    ...toSummary(row),
    correction: row.correction === null ? null : Number(row.correction),
    decisionReason: str(row.decision_reason),
    decidedDate: decided,
    reopened: row.reopened === true,
    reopenDeadline: reopenable && decided !== null ? reopeningDeadline(decided) : null,
    settledByBordereau: num(row.settled_by_bordereau),
    settledByMouvement: num(row.settled_by_mouvement),
    entries: entries.map(
      (e) =>
        ({
          id: Number(e.id),
          kind: e.kind,
          author: e.author,
          byInsurer: e.by_insurer === true,
          message: e.message,
          createdDate: iso(e.created_date),
          attachments: files
            .filter((f) => Number(f.entry_id) === Number(e.id))
            .map((f) => ({ id: Number(f.id), name: f.name, mime: f.mime, size: Number(f.size) })),
        }) as unknown as DisputeEntry,
    ),
  } as Dispute;
}

export interface ListRequest {
  readonly status?: string | undefined;
  readonly codeCourtier?: string | undefined;
  readonly idPolice?: number | undefined;
  readonly idBordereau?: number | undefined;
  /** Only the disputes this statement settled. */
  readonly settledBy?: number | undefined;
  readonly orderBy: string;
  readonly size: number;
  readonly offset: number;
}

/** One page of the caller's disputes and the count of all that match. */
export async function listDisputes(db: Queryable, caller: Caller, request: ListRequest) {
  const bind = binder();
  const where = [scopeCondition(caller, bind)];
  if (request.status) where.push(`status = ${bind(request.status)}`);
  if (request.codeCourtier) where.push(`code_courtier_portail = ${bind(request.codeCourtier)}`);
  if (request.idPolice !== undefined) where.push(`id_police = ${bind(request.idPolice)}`);
  if (request.idBordereau !== undefined) where.push(`id_bordereau = ${bind(request.idBordereau)}`);
  if (request.settledBy !== undefined) where.push(`settled_by_bordereau = ${bind(request.settledBy)}`);
  const condition = where.join(' and ');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from dispute where ${condition}`,
    bind.params,
  );
  const rows = await db.query(
    `select * from dispute where ${condition} order by ${request.orderBy}
     limit ${bind(request.size)} offset ${bind(request.offset)}`,
    bind.params,
  );
  return { rows: rows.map(toSummary), total: count?.n ?? 0 };
}

/** What a dispute is opened on: its broker codes, policy, statement line and statement date. */
export interface OpenedOn {
  readonly courtier: string | null;
  readonly code_courtier_portail: string | null;
  readonly code_courtier_grossiste_portail: string | null;
  readonly regle: string | null;
  readonly id_police: number | null;
  readonly police: string | null;
  readonly nomprenom: string | null;
  readonly id_bordereau: number | null;
  readonly id_mouvement: number | null;
  readonly statement_date: string | null;
}

const CODES = 'courtier, code_courtier_portail, code_courtier_grossiste_portail';
/** A statement's date: when it was sent, else its month. */
const STATEMENT_DATE = 'coalesce(c.date_envoi, c.mois)';

/**
 * The record a dispute is opened from, read within the caller's scope (undefined: absent or
 * another broker's, both 404). An unpaid commission has no line: every statement since omits it
 * again, so its 90 days run from the broker's latest statement.
 */
export async function openedOn(
  db: Queryable,
  caller: Caller,
  source: string,
  key: number,
): Promise<OpenedOn | undefined> {
  const bind = binder();
  const k = bind(key);
  const scope = scopeCondition(caller, bind);
  const sql: Record<string, string> = {
    ANOMALY: `with s as (select * from anomaly where id = ${k} and ${scope})
      select s.courtier, s.code_courtier_portail, s.code_courtier_grossiste_portail, s.regle, s.id_police,
        s.police, s.nomprenom, s.id_bordereau, s.id_mouvement,
        coalesce(${STATEMENT_DATE}, l.statement_date) as statement_date
      from s left join commission c on c.id_bordereau = s.id_bordereau
      left join lateral (
        select ${STATEMENT_DATE} as statement_date from commission c
        where s.id_bordereau is null and c.code_courtier_portail = s.code_courtier_portail
        order by ${STATEMENT_DATE} desc limit 1
      ) l on true`,
    LINE: `with s as (select * from commission_mouvement where id = ${k} and ${scope})
      select s.courtier, s.code_courtier_portail, s.code_courtier_grossiste_portail, null as regle, s.id_police,
        s.police, s.nomprenom, s.id_bordereau, s.id as id_mouvement, ${STATEMENT_DATE} as statement_date
      from s left join commission c on c.id_bordereau = s.id_bordereau`,
    STATEMENT: `select ${CODES}, null as regle, null::bigint as id_police, null as police, null as nomprenom,
        id_bordereau, null::bigint as id_mouvement, coalesce(date_envoi, mois) as statement_date
      from commission c where id_bordereau = ${k} and ${scope}`,
    POLICY: `with s as (select * from police where id_police = ${k} and ${scope})
      select s.courtier, s.code_courtier_portail, s.code_courtier_grossiste_portail, null as regle, s.id_police,
        s.police, s.nomprenom, l.id_bordereau, null::bigint as id_mouvement, l.statement_date
      from s left join lateral (
        select c.id_bordereau, ${STATEMENT_DATE} as statement_date from commission_mouvement m
        join commission c on c.id_bordereau = m.id_bordereau
        where m.id_police = s.id_police order by ${STATEMENT_DATE} desc nulls last, c.id_bordereau desc limit 1
      ) l on true`,
  };
  const [row] = await db.query(sql[source]!, bind.params);
  return row as OpenedOn | undefined;
}

export interface Opening extends OpenedOn {
  readonly source: string;
  readonly reason: string;
  readonly amount: string;
  readonly openedBy: string;
}

/** Inserts a dispute; its deadline is 90 days after the statement. */
export async function insertDispute(tx: Queryable, o: Opening): Promise<Row> {
  const [row] = await tx.query(
    `insert into dispute (courtier, code_courtier_portail, code_courtier_grossiste_portail, source, regle,
       id_police, police, nomprenom, id_bordereau, id_mouvement, statement_date, deadline, reason,
       amount_claimed, status, opened_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::numeric, 'OPEN', $15) returning *`,
    [
      o.courtier,
      o.code_courtier_portail,
      o.code_courtier_grossiste_portail,
      o.source,
      o.regle,
      o.id_police,
      o.police,
      o.nomprenom,
      o.id_bordereau,
      o.id_mouvement,
      o.statement_date,
      o.statement_date === null ? null : openingDeadline(o.statement_date),
      o.reason,
      o.amount,
      o.openedBy,
    ],
  );
  return row!;
}

/** Appends an entry to the thread with its files. */
export async function insertEntry(
  tx: Queryable,
  disputeId: number,
  entry: { kind: string; author: string; byInsurer: boolean; message: string },
  files: readonly CheckedAttachment[] = [],
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into dispute_entry (dispute_id, kind, author, by_insurer, message) values ($1, $2, $3, $4, $5) returning id`,
    [disputeId, entry.kind, entry.author, entry.byInsurer, entry.message],
  );
  const id = Number(row!.id);
  for (const file of files)
    await tx.query(
      'insert into dispute_attachment (entry_id, name, mime, size, content) values ($1, $2, $3, $4, $5)',
      [id, file.name, file.mime, file.content.length, file.content],
    );
  return id;
}

/** An attachment's bytes, when its dispute is in the caller's scope. */
export async function findAttachment(db: Queryable, caller: Caller, disputeId: number, fileId: number) {
  const found = await findDispute(db, caller, disputeId);
  if (found === undefined) return undefined;
  const [row] = await db.query(
    `select a.name, a.mime, a.content from dispute_attachment a join dispute_entry e on e.id = a.entry_id
     where a.id = $1 and e.dispute_id = $2`,
    [fileId, disputeId],
  );
  return row as { name: string; mime: string; content: Uint8Array } | undefined;
}
