/**
 * The statement that brings the `anomaly` table (migration 0050) in line with core's rules: the
 * commissioning schedule and clawback rule of expectedCommission.ts and the rules and sentences
 * of anomalyRules.ts. Every value from core travels as a bind parameter; the SQL only says how.
 * docs/reconciliation.md explains each rule.
 */

import { FORECAST } from '@extranet/core/domain/forecast.ts';
import {
  ANOMALY_EXPLANATIONS,
  ANOMALY_RULES,
  type AnomalyRule,
} from '@extranet/core/domain/policyLifecycle/anomalyRules.ts';
// One namespace: the expected-commission rules this SQL restates, read where they are defined.
import * as expected from '@extranet/core/domain/policyLifecycle/expectedCommission.ts';

/** A decimal as a sentence shows it: "30" for 0.300000 as a percentage, "1234,56" in French. */
const percent = (column: string) => `trim(trailing '.' from trim(trailing '0' from (${column} * 100)::text))`;

/** The sentence of `lang` with its placeholders filled from the `found` row `f` and policy `p`. */
const sentence = (lang: 'fr' | 'en') => {
  const amount =
    lang === 'fr' ? `replace(coalesce(f.montant, 0)::text, '.', ',')` : 'coalesce(f.montant, 0)::text';
  const date = (column: string) => `coalesce(to_char(${column}, 'DD/MM/YYYY'), '')`;
  const fills: [string, string][] = [
    ['{police}', `coalesce(p.police, p.id_police::text)`],
    ['{periode}', date('f.periode')],
    ['{montant}', amount],
    ['{taux}', `coalesce(${percent('f.taux')}, '')`],
    ['{tauxContrat}', `coalesce(${percent('p.taux_commission_annee1')}, '')`],
    ['{dateResil}', date('p.date_resil')],
    ['{mois}', `coalesce(to_char(f.mois, 'MM/YYYY'), '')`],
  ];
  return fills.reduce(
    (sql, [placeholder, value]) => `replace(${sql}, '${placeholder}', ${value})`,
    `($2::jsonb -> f.regle ->> '${lang}')`,
  );
};

const linear = expected.COMMISSION_SCHEDULE[expected.LINEAIRE];
const upfront = expected.COMMISSION_SCHEDULE[expected.PRECOMPTE];

/** What a refresh detects again: every anomaly, or fewer. */
export interface Narrowing {
  /** Only these policies' (every rule looks at one policy's rows only); null: every policy's. */
  readonly policies: readonly string[] | null;
  /** Only these rules'. */
  readonly rules: readonly AnomalyRule[];
  /**
   * Only those dated after this month less the grace months (`YYYY-MM-DD`): after the latest
   * final month moved on from it, an unpaid line can only newly fall due in between.
   */
  readonly since: string | null;
}

export const EVERYTHING: Narrowing = { policies: null, rules: ANOMALY_RULES, since: null };

/** Parameters of `refreshSql`, in order. */
export const refreshParams = (
  unpaidMonths: number,
  { policies, since }: Narrowing = EVERYTHING,
): unknown[] => [
  unpaidMonths,
  JSON.stringify(ANOMALY_EXPLANATIONS),
  FORECAST,
  expected.MOVEMENT_CODES.reprise,
  expected.CONTRACT_RATE_CODES,
  [expected.TERMINATION_EVENT, expected.REINSTATEMENT_EVENT],
  expected.REINSTATEMENT_EVENT,
  expected.PRECOMPTE,
  expected.LINEAIRE,
  expected.WITHOUT_EFFECT,
  upfront.upfront,
  upfront.yearly,
  upfront.firstYear,
  linear.yearly,
  linear.firstYear,
  `${expected.DUE_AFTER_MONTHS} months`,
  ...(policies === null ? [] : [policies]),
  ...(since === null ? [] : [since]),
];

/** What an anomaly is: it keeps its id while detection finds it again. */
const KEY = ['regle', 'id_police', 'id_mouvement', 'type_mouvement', 'periode'] as const;
/** What may change while it stands. */
const CONTENT = [
  'courtier',
  'code_courtier_portail',
  'code_courtier_grossiste_portail',
  'id_courtier_portail',
  'id_courtier_gestion',
  'id_courtier_grossiste_gestion',
  'police',
  'nomprenom',
  'id_bordereau',
  'mois',
  'montant',
  'explication',
  'explanation',
] as const;
/**
 * Rule and policy are never null: compared with `=`, they let the planner hash the join; the
 * rest may be null, so `is not distinct from`, which cannot be hashed (alone, every fresh row
 * was compared with every anomaly: quadratic once the table holds hundreds of thousands).
 */
const SAME_ANOMALY = KEY.map((c) =>
  c === 'regle' || c === 'id_police' ? `a.${c} = f.${c}` : `a.${c} is not distinct from f.${c}`,
).join(' and ');

/**
 * $1 months of grace before an expected line is unpaid; $2 the sentences; $3 the forecast type;
 * $4 the clawback code; $5 the codes paid at the contract's rate; $6 the termination and
 * reinstatement events; $7 the reinstatement event; $8–$15 the schedule; $16 the due delay;
 * $17 the policies when narrowed to some; then (or $17) the month of `since`.
 */
export const refreshSql = ({ policies, rules, since }: Narrowing = EVERYTHING) => {
  const narrowed = policies !== null;
  // A plain `= any($17)` (not `$17 is null or …`, which the planner cannot narrow) so each
  // policy's lines and events are read through their indexes. It is repeated on every table a
  // rule joins or probes, though the join implies it: without it the planner hashes the whole
  // police and commission_mouvement tables for a hundred policies.
  const only = (column: string) => (narrowed ? `${column} = any($17::bigint[])` : 'true');
  // The rules detected again; the others' rows are left as they are. A constant condition on
  // `found`'s rule, which the planner folds into each branch: a rule left out is not computed.
  const ruled = (column: string) =>
    rules.length === ANOMALY_RULES.length
      ? 'true'
      : `${column} in (${rules.map((r) => `'${r}'`).join(', ')})`;
  // The anomaly's month, which for an unpaid line is its due month.
  const dated = (column: string) =>
    since === null
      ? 'true'
      : `${column} > ($${narrowed ? 18 : 17}::date - make_interval(months => $1::int))::date`;
  return `
with
line as (
  select m.id, m.id_police, m.id_bordereau, m.mois, m.type_mouvement, m.periode, m.montant, m.taux,
         p.taux_commission_annee1 as taux_contrat, p.date_resil,
         row_number() over (partition by m.id_police, m.type_mouvement, m.periode order by m.mois, m.id) as nth
    from commission_mouvement m
    join police p on p.id_police = m.id_police
   where ${only('m.id_police')} and ${only('p.id_police')}
),
last_final as (
  select max(mois) as mois from commission where type_bordereau is distinct from $3
),
expected as (
  select p.id_police, $11::text as type_mouvement, p.date_effet as periode,
         date_trunc('month', p.date_effet + $16::interval)::date as due,
         round(p.cotisation_ht * 12 * p.taux_commission_annee1, 2) as montant
    from police p
   where p.mode_commissionnement = $8 and p.motif_resil is distinct from $10 and p.date_effet is not null
     and ${only('p.id_police')}
  union all
  select p.id_police, y.type_mouvement, a.periode,
         date_trunc('month', a.periode + $16::interval)::date,
         case when y.type_mouvement = $14 then round(p.cotisation_ht * 12 * p.taux_commission_annee1, 2)
              else coalesce((select r.montant from commission_mouvement r
                              where r.id_police = p.id_police and r.type_mouvement = y.type_mouvement
                              order by r.periode desc limit 1), 0) end
    from police p
    cross join last_final l
    cross join lateral (select case when p.mode_commissionnement = $9 then $14::text else $12::text end as type_mouvement,
                               case when p.mode_commissionnement = $9 then $15::int else $13::int end as first_year) y
    cross join lateral (select (p.date_effet + make_interval(years => k))::date as periode
                          from generate_series(y.first_year,
                                               extract(year from age(l.mois, p.date_effet))::int + 1) k) a
   where p.mode_commissionnement in ($8, $9) and p.motif_resil is distinct from $10 and p.date_effet is not null
     and (p.date_resil is null or a.periode < p.date_resil)
     and ${only('p.id_police')}
),
found as (
  select 'CLAWBACK_WITHOUT_TERMINATION' as regle, l.id_police, l.id as id_mouvement, l.id_bordereau, l.mois,
         l.type_mouvement, l.periode, -l.montant as montant, l.taux
    from line l
   where l.type_mouvement = $4 and l.montant < 0 and l.date_resil is null
     and not exists (select 1 from timeline_event e
                      where e.id_police = l.id_police and e.type_message = any($6::text[]) and ${only('e.id_police')})
  union all
  select 'CLAWBACK_DUPLICATE', l.id_police, l.id, l.id_bordereau, l.mois, l.type_mouvement, l.periode, -l.montant, l.taux
    from line l
   where l.type_mouvement = $4 and l.montant < 0 and l.nth > 1
  union all
  select 'CLAWBACK_AFTER_REINSTATEMENT', l.id_police, l.id, l.id_bordereau, l.mois, l.type_mouvement, l.periode,
         -l.montant, l.taux
    from line l
   where l.type_mouvement = $4 and l.montant < 0 and l.date_resil is null and l.nth = 1
     and exists (select 1 from timeline_event e
                  where e.id_police = l.id_police and e.type_message = $7 and ${only('e.id_police')})
     and not exists (select 1 from commission_mouvement r
                      where r.id_police = l.id_police and r.montant = -l.montant and r.id <> l.id
                        and ${only('r.id_police')})
  union all
  select 'RATE_MISMATCH', l.id_police, l.id, l.id_bordereau, l.mois, l.type_mouvement, l.periode,
         abs(round(l.montant - l.montant * l.taux_contrat / nullif(l.taux, 0), 2)), l.taux
    from line l
   where l.type_mouvement = any($5::text[]) and l.taux_contrat is not null and l.taux <> l.taux_contrat
  union all
  select 'PAID_AFTER_TERMINATION', l.id_police, l.id, l.id_bordereau, l.mois, l.type_mouvement, l.periode,
         l.montant, l.taux
    from line l
   where l.montant > 0 and l.date_resil < l.periode
  union all
  select 'COMMISSION_NOT_PAID', e.id_police, null, null, e.due, e.type_mouvement, e.periode, e.montant, null
    from expected e
    cross join last_final l
   where e.due <= (l.mois - make_interval(months => $1::int))::date
     and not exists (select 1 from commission_mouvement m
                      where m.id_police = e.id_police and m.type_mouvement = e.type_mouvement
                        and m.periode = e.periode and m.type_bordereau is distinct from $3
                        and ${only('m.id_police')})
),
fresh as (
  select p.courtier, p.code_courtier_portail, p.code_courtier_grossiste_portail, p.id_courtier_portail,
         p.id_courtier_gestion, p.id_courtier_grossiste_gestion, f.regle, f.id_police, p.police, p.nomprenom,
         f.id_bordereau, f.id_mouvement, f.mois, f.type_mouvement, f.periode, coalesce(f.montant, 0) as montant,
         ${sentence('fr')} as explication, ${sentence('en')} as explanation
    from found f
    join police p on p.id_police = f.id_police
   where ${only('p.id_police')} and ${ruled('f.regle')} and ${dated('f.mois')}
),
-- An anomaly is its rule, policy, line, movement type and period (as the webhooks' anomaly.found
-- says): one still found keeps its row and id, updated where its amount, sentence or broker
-- changed; one no longer found goes; a new one is added. Each row is touched once.
gone as (
  delete from anomaly a
   where ${only('a.id_police')} and ${ruled('a.regle')} and ${dated('a.mois')}
     and not exists (select 1 from fresh f where ${SAME_ANOMALY})
),
changed as (
  update anomaly a
     set (${CONTENT.join(', ')}) = (${CONTENT.map((c) => `f.${c}`).join(', ')})
    from fresh f
   where ${SAME_ANOMALY} and ${only('a.id_police')}
     and (${CONTENT.map((c) => `a.${c}`).join(', ')}) is distinct from (${CONTENT.map((c) => `f.${c}`).join(', ')})
)
insert into anomaly (${[...KEY, ...CONTENT].join(', ')})
select ${[...KEY, ...CONTENT].map((c) => `f.${c}`).join(', ')}
  from fresh f
 where not exists (select 1 from anomaly a where ${SAME_ANOMALY})
 order by f.id_police, f.regle, f.mois, f.id_mouvement`;
};
