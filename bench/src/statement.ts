/**
 * Statement detail: the statement, its recap lines and the first page of 10,000 movements (the
 * screen of a large broker's month), against pgbench running the same SQL. Generated statements
 * hold at most a few hundred lines, so the benchmark adds one statement of 10,000 movements to
 * broker C0001 (copies of the wholesaler's movements, with a recap that sums them).
 */
import { compare, summaryRatio } from './lib/compare.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';

const BIG = 990_000_001;
const LINES = 10_000;

const dataset = await ensurePgDataset();
const db = openPostgres(dataset.url, 1);
try {
  if ((await db.query('select 1 from commission where id_bordereau = $1', [BIG])).length === 0) {
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
           from commission_mouvement where code_courtier_grossiste_portail = $3 order by id limit ${LINES}`,
        [
          broker.courtier,
          broker.code_courtier_portail,
          broker.code_courtier_grossiste_portail,
          broker.id_courtier_portail,
          broker.id_courtier_gestion,
          broker.id_courtier_grossiste_gestion,
          BIG,
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
          BIG,
          broker.compte,
        ],
      );
      await tx.query(
        `insert into recap_line (id_bordereau, commission, montant, ordre)
         select $1, libelle_mouvement, sum(montant), row_number() over (order by libelle_mouvement)
           from commission_mouvement where id_bordereau = $1 group by libelle_mouvement`,
        [BIG],
      );
    });
    await db.exec('analyze commission_mouvement');
  }
} finally {
  await db.close();
}

console.log(`Statement benchmark on ${dataset.policies} policies: statement ${BIG} of ${LINES} movements`);
const results = await compare({
  databaseUrl: dataset.url,
  login: 'courtier',
  connections: Number(process.env.BENCH_STATEMENT_CONNECTIONS ?? 4),
  scenarios: [
    {
      label: 'statement detail: statement, recap lines, first page of 10,000 movements',
      paths: [
        `/api/commissions/${BIG}`,
        `/api/commissions/bordereau/${BIG}`,
        `/api/mouvements/${BIG}?page=0&size=${LINES}`,
      ],
    },
    {
      label: 'statement detail with the UI page of 20 movements',
      paths: [`/api/commissions/${BIG}`, `/api/commissions/bordereau/${BIG}`, `/api/mouvements/${BIG}?page=0&size=20`],
    },
  ],
});
console.log(summaryRatio(results, 'server screens/s', 'pgbench tps'));
