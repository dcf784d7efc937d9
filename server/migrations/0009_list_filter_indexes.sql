-- Policy lists: equality columns before the sort, so that a filtered count reads only the
-- matching entries and a preset's page stops after its rows. Before, the grossiste's count with
-- statut and risque read all 20,000 entries of police_grossiste_list_idx and threw 16,350 away
-- (docs/performance.md, "The list at the database's limit"). One set per scope: wholesaler,
-- broker, admin (no scope column). Checked by server/test/data/explain-indexes.test.ts.

-- The portfolio's usual filters (status, then risk) and the VIG preset (statut = 'En cours'):
-- the count is an index-only range over the chosen status and risks; the INCLUDE columns
-- answer the other common filters (effective date, payment status, termination reason, range).
create index police_grossiste_statut_idx on police
  (code_courtier_grossiste_portail, statut, risque, date_creation desc nulls last, id)
  include (date_effet, statut_paiement, motif_resil, gamme);
create index police_courtier_statut_idx on police
  (code_courtier_portail, statut, risque, date_creation desc nulls last, id)
  include (date_effet, statut_paiement, motif_resil, gamme);
create index police_statut_idx on police
  (statut, risque, date_creation desc nulls last, id)
  include (date_effet, statut_paiement, motif_resil, gamme);

-- IMP and MED (payment status), in the default order: page and count read only their entries.
create index police_grossiste_paiement_idx on police
  (code_courtier_grossiste_portail, statut_paiement, date_creation desc nulls last, id);
create index police_courtier_paiement_idx on police
  (code_courtier_portail, statut_paiement, date_creation desc nulls last, id);
create index police_paiement_idx on police (statut_paiement, date_creation desc nulls last, id);

-- NRS (motif_resil = 'Actif'), in the default order.
create index police_grossiste_motif_idx on police
  (code_courtier_grossiste_portail, motif_resil, date_creation desc nulls last, id);
create index police_courtier_motif_idx on police
  (code_courtier_portail, motif_resil, date_creation desc nulls last, id);
create index police_motif_idx on police (motif_resil, date_creation desc nulls last, id);

-- RES (any termination reason but 'Actif'; `<>` is no index condition): partial indexes whose
-- predicate is the preset's own condition.
create index police_grossiste_res_idx on police
  (code_courtier_grossiste_portail, date_creation desc nulls last, id)
  where motif_resil is not null and motif_resil <> 'Actif';
create index police_courtier_res_idx on police
  (code_courtier_portail, date_creation desc nulls last, id)
  where motif_resil is not null and motif_resil <> 'Actif';
create index police_res_idx on police (date_creation desc nulls last, id)
  where motif_resil is not null and motif_resil <> 'Actif';
