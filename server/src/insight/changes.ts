/**
 * `GET /api/commissions/{idBordereau}/changes`: what changed from the previous statement (the
 * same broker's latest before it, or `from`), per commission type and per cause, in exact cents.
 * The parts add up: Σ changes per type + change of the solde précédent + unexplained = difference
 * of the two totals, where `unexplained` is 0 whenever each statement's total is its lines plus
 * its solde précédent (as every statement of the back office is).
 */

import { CAUSES, causeOf } from '@extranet/core/domain/statementChanges.ts';
import type { Db } from '../db/types.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { linesByTypeSql, previousStatementSql, statementSql } from './changes-sql.ts';
import type { Statement } from './scoped.ts';

type Row = Record<string, unknown>;
const run = (db: Db, statement: Statement) => db.query<Row>(statement.sql, statement.params);
/** numeric(16,2) text → integer cents, exactly. */
const cents = (text: unknown) => Math.round(Number(text ?? 0) * 100);
const euros = (value: number) => value / 100;

interface StatementHead {
  readonly idBordereau: number;
  readonly mois: string;
  readonly codeCourtierPortail: string | null;
  readonly typeBordereau: string | null;
  readonly montant: number;
  readonly soldePrecedent: number;
}

const headOf = (row: Row): StatementHead => ({
  idBordereau: Number(row.idBordereau),
  mois: row.mois as string,
  codeCourtierPortail: (row.codeCourtierPortail as string | null) ?? null,
  typeBordereau: (row.typeBordereau as string | null) ?? null,
  montant: euros(cents(row.montant)),
  soldePrecedent: euros(cents(row.soldePrecedent)),
});
/** Euros sent with at most 2 decimals → cents. */
const toCents = (amount: number) => Math.round(amount * 100);

export type ChangesOutcome =
  | { readonly kind: 'notFound' }
  | { readonly kind: 'badFrom' }
  | { readonly kind: 'ok'; readonly changes: ReturnType<typeof compare> };

export async function statementChanges(
  db: Db,
  caller: Caller,
  idBordereau: number,
  from: number | null,
): Promise<ChangesOutcome> {
  const [currentRow] = await run(db, statementSql(caller, idBordereau));
  if (!currentRow) return { kind: 'notFound' };
  const current = headOf(currentRow);
  const [previousRow] =
    from === null
      ? await run(db, previousStatementSql(caller, current.codeCourtierPortail ?? '', current.mois))
      : await run(db, statementSql(caller, from));
  if (from !== null && (!previousRow || previousRow.codeCourtierPortail !== current.codeCourtierPortail))
    return { kind: 'badFrom' };
  const previous = previousRow ? headOf(previousRow) : null;
  const [now, before] = await Promise.all([
    run(db, linesByTypeSql(caller, current.idBordereau)),
    previous ? run(db, linesByTypeSql(caller, previous.idBordereau)) : Promise.resolve([] as Row[]),
  ]);
  return { kind: 'ok', changes: compare(current, previous, now, before) };
}

interface Figure {
  current: number;
  previous: number;
  currentLines: number;
  previousLines: number;
}

function compare(current: StatementHead, previous: StatementHead | null, now: Row[], before: Row[]) {
  const types = new Map<string, Figure & { typeMouvement: string | null; libelleMouvement: string | null }>();
  const add = (rows: Row[], side: 'current' | 'previous') => {
    for (const row of rows) {
      const key = `${row.typeMouvement ?? ''}\u0000${row.libelleMouvement ?? ''}`;
      const figure = types.get(key) ?? {
        typeMouvement: (row.typeMouvement as string | null) ?? null,
        libelleMouvement: (row.libelleMouvement as string | null) ?? null,
        current: 0,
        previous: 0,
        currentLines: 0,
        previousLines: 0,
      };
      figure[side] += cents(row.montant);
      figure[side === 'current' ? 'currentLines' : 'previousLines'] += Number(row.lines);
      types.set(key, figure);
    }
  };
  add(now, 'current');
  add(before, 'previous');
  const byType = [...types.values()].sort((a, b) =>
    (a.libelleMouvement ?? '').localeCompare(b.libelleMouvement ?? ''),
  );
  const solde = {
    current: toCents(current.soldePrecedent),
    previous: toCents(previous?.soldePrecedent ?? 0),
  };
  const byCause = CAUSES.map((cause) => {
    const members = byType.filter((t) => causeOf(t.typeMouvement) === cause);
    const sum = (pick: (f: Figure) => number) => members.reduce((s, f) => s + pick(f), 0);
    const figure =
      cause === 'carriedBalance'
        ? { current: solde.current, previous: solde.previous, currentLines: 0, previousLines: 0 }
        : {
            current: sum((f) => f.current),
            previous: sum((f) => f.previous),
            currentLines: sum((f) => f.currentLines),
            previousLines: sum((f) => f.previousLines),
          };
    return {
      cause,
      typeMouvements: members.map((m) => m.typeMouvement).filter((t) => t !== null),
      ...money(figure),
    };
  });
  const difference = toCents(current.montant) - toCents(previous?.montant ?? 0);
  const explained = byCause.reduce((s, c) => s + cents(c.change), 0);
  return {
    current,
    previous,
    difference: euros(difference),
    unexplained: euros(difference - explained),
    byType: byType.map((t) => ({
      typeMouvement: t.typeMouvement,
      libelleMouvement: t.libelleMouvement,
      ...money(t),
    })),
    byCause,
  };
}

/** A figure's cents as euros, with its change. */
const money = (f: Figure) => ({
  current: euros(f.current),
  previous: euros(f.previous),
  change: euros(f.current - f.previous),
  currentLines: f.currentLines,
  previousLines: f.previousLines,
});
