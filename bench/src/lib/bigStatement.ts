/**
 * A statement of N movements for broker C0001 (copies of its wholesaler's movements, with a
 * recap that sums them and a total that matches): generated statements hold at most a few
 * hundred lines, and the statement and CLI benchmarks need 10,000 and 100,000.
 */
import { openPostgres } from '../../../server/src/db/postgres.ts';

export async function ensureBigStatement(url: string, id: number, lines: number): Promise<void> {
  const db = openPostgres(url, 1);
  try {
    if ((await db.query('select 1 from commission where id_bordereau = $1', [id])).length > 0) return;
    await db.transaction(async (tx) => {
      const [broker] = await tx.query(
        `select courtier, code_courtier_portail, code_courtier_grossiste_portail, id_courtier_portail, id_courtier_gestion, id_courtier_grossiste_gestion, compte
           from commission where code_courtier_portail = 'C0001' limit 1`,
      );
      if (!broker) throw new Error('no statement of C0001 to copy');
      await tx.query(
        `insert into commission_mouvement (courtier, code_courtier_portail, code_courtier_grossiste_portail,
           id_courtier_portail, id_courtier_gestion, id_courtier_grossiste_gestion, id_bordereau, type_bordereau, mois,
           compte, id_police, police, risque, gamme, formule, nomprenom, ville, date_effet, date_resil, type_mouvement,
           libelle_mouvement, periode, montant_base, taux, montant, courtier_apporteur, code_apporteur, apporteur)
         select $1, $2, $3, $4, $5, $6, $7, 'Définitif', date '2020-01-01', $8, id_police, police, risque, gamme,
           formule, nomprenom, ville, date_effet, date_resil, type_mouvement, libelle_mouvement, periode,
           montant_base, taux, montant, courtier_apporteur, code_apporteur, apporteur
           from commission_mouvement where code_courtier_grossiste_portail = $3 order by id limit ${Number(lines)}`,
        [
          broker.courtier,
          broker.code_courtier_portail,
          broker.code_courtier_grossiste_portail,
          broker.id_courtier_portail,
          broker.id_courtier_gestion,
          broker.id_courtier_grossiste_gestion,
          id,
          broker.compte,
        ],
      );
      await tx.query(
        `insert into commission (courtier, code_courtier_portail, code_courtier_grossiste_portail, id_courtier_portail,
           id_courtier_gestion, id_courtier_grossiste_gestion, id_bordereau, mois, type_bordereau, compte, nb, montant,
           solde_precedent, date_envoi, date_paiement)
         select $1, $2, $3, $4, $5, $6, $7, date '2020-01-01', 'Définitif', $8, count(*), sum(montant), 0,
           date '2020-01-05', date '2020-01-10'
           from commission_mouvement where id_bordereau = $7`,
        [
          broker.courtier,
          broker.code_courtier_portail,
          broker.code_courtier_grossiste_portail,
          broker.id_courtier_portail,
          broker.id_courtier_gestion,
          broker.id_courtier_grossiste_gestion,
          id,
          broker.compte,
        ],
      );
      await tx.query(
        `insert into recap_line (id_bordereau, commission, montant, ordre)
         select $1, libelle_mouvement, sum(montant), row_number() over (order by libelle_mouvement)
           from commission_mouvement where id_bordereau = $1 group by libelle_mouvement`,
        [id],
      );
    });
    await db.exec('analyze commission_mouvement');
  } finally {
    await db.close();
  }
}
