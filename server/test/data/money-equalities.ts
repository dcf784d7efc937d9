/**
 * The money equalities of the statements, in SQL: each recap line is the sum of its statement's
 * movements of that type, and each statement's amount is its recap's total plus the previous
 * balance. Each query lists the statements that break one (none when the data adds up). Used on
 * the loaded demo set and on the same set once anonymised.
 */
import type { Queryable } from '../../src/db/types.ts';

export async function recapMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(`
    select r.id_bordereau from recap_line r
      left join (select id_bordereau, libelle_mouvement, sum(montant) s from commission_mouvement
                  group by 1, 2) m on m.id_bordereau = r.id_bordereau and m.libelle_mouvement = r.commission
     where m.s is distinct from r.montant`);
}

export async function totalMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(`
    select c.id_bordereau from commission c
      left join (select id_bordereau, sum(montant) s from recap_line group by 1) r using (id_bordereau)
     where coalesce(r.s, 0) + c.solde_precedent <> c.montant`);
}
