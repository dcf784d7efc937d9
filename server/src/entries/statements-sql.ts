/**
 * The statements of a period as the three amounts of their entry, computed in SQL numeric
 * (docs/adr/0002-money.md): the total owed by the insurer, the commission income and the
 * clawbacks, so that income − clawbacks = total to the cent. Forecasts are excluded and the
 * caller's row scope is ANDed in by the engine's one condition.
 */
import { FORECAST } from '@extranet/core/domain/forecast.ts';
import { type Db, readerOf } from '../db/types.ts';
import { binder } from '../entities/engine/binder.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { scopeCondition } from '../entities/engine/scope.ts';

export interface StatementEntry {
  readonly idBordereau: string;
  /** `YYYYMMDD`: the statement's accounting month, its first day. */
  readonly day: string;
  /** `MM/YYYY`, for the entry's label. */
  readonly month: string;
  readonly compte: string;
  /** Decimal strings with a point, two places; total may be negative, the others never are. */
  readonly total: string;
  readonly income: string;
  readonly clawbacks: string;
}

/**
 * Income is the recap's positive lines, clawbacks its negative ones; what the recap does not
 * explain (no recap, or lines that do not add up to the total) goes to income when positive and
 * to clawbacks when negative, so every entry balances.
 */
export async function statementEntries(
  db: Db,
  caller: Caller,
  from: string,
  toExclusive: string,
): Promise<StatementEntry[]> {
  const bind = binder();
  const scope = scopeCondition(caller, bind);
  const sql = `
    with s as (
      select c.id_bordereau, c.mois, coalesce(c.compte, '') as compte, c.montant as total,
             coalesce((select sum(r.montant) from recap_line r
                        where r.id_bordereau = c.id_bordereau and r.montant > 0), 0) as gains,
             coalesce((select -sum(r.montant) from recap_line r
                        where r.id_bordereau = c.id_bordereau and r.montant < 0), 0) as losses
        from commission c
       where (${scope})
         and c.type_bordereau is distinct from ${bind(FORECAST)}
         and c.montant is not null and c.mois is not null
         and c.mois >= ${bind(from)}::date and c.mois < ${bind(toExclusive)}::date
    )
    select id_bordereau::text as id, to_char(mois, 'YYYYMMDD') as day, to_char(mois, 'MM/YYYY') as month,
           compte, total::numeric(16,2)::text as total,
           (gains + greatest(total - (gains - losses), 0))::numeric(16,2)::text as income,
           (losses + greatest((gains - losses) - total, 0))::numeric(16,2)::text as clawbacks
      from s
     order by mois, id_bordereau`;
  const rows = await readerOf(db).query<Record<string, string>>(sql, bind.params);
  return rows.map((row) => ({
    idBordereau: row.id!,
    day: row.day!,
    month: row.month!,
    compte: row.compte!,
    total: row.total!,
    income: row.income!,
    clawbacks: row.clawbacks!,
  }));
}
