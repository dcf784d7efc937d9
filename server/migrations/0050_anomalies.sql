-- Reconciliation anomalies (docs/reconciliation.md): the differences between the commission a
-- policy's commissioning should earn (core's expectedCommission.ts) and the statement lines it
-- got. Derived data: server/src/reconciliation/refresh.ts rebuilds the table in the transaction
-- of each import that lands and after the demo load, so a rolled-back import leaves it as it was.
-- Rows carry the broker codes of their policy, so the list engine's row scope applies unchanged.
create table anomaly (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  -- One of core's ANOMALY_RULES.
  regle text not null,
  id_police bigint not null,
  police text,
  nomprenom text,
  -- The statement and line behind it; both null for an expected line never paid.
  id_bordereau bigint,
  id_mouvement bigint,
  -- The statement month of the line, or the month an unpaid line fell due.
  mois date not null,
  type_mouvement text,
  periode date,
  -- The amount at stake, positive.
  montant numeric(14, 2) not null,
  explication text not null,
  explanation text not null
);

-- The list's default order (amount at stake, largest first) within each scope, and the filters
-- a statement line, a policy and a statement link to.
create index anomaly_courtier_list_idx on anomaly (code_courtier_portail, montant desc nulls last, id);
create index anomaly_grossiste_list_idx on anomaly (code_courtier_grossiste_portail, montant desc nulls last, id);
create index anomaly_list_idx on anomaly (montant desc nulls last, id);
create index anomaly_regle_idx on anomaly (regle, montant desc nulls last, id);
create index anomaly_id_police_idx on anomaly (id_police);
create index anomaly_id_bordereau_idx on anomaly (id_bordereau);
create index anomaly_id_mouvement_idx on anomaly (id_mouvement);
create index anomaly_mois_idx on anomaly (mois);

-- Detection reads each policy's clawback lines and timeline events by policy.
create index commission_mouvement_police_type_idx on commission_mouvement (id_police, type_mouvement, periode);
create index timeline_event_police_type_idx on timeline_event (id_police, type_message);
