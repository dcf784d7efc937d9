-- Indexes for the list queries of docs/api-entities.md ("Query shapes"): every list starts with
-- the caller's scope (a broker code, the wholesaler code, or nothing for admins), then sorts
-- `desc nulls last` on its default column, with `id` as the tie-breaker. Each index below is
-- `(scope, default sort, id)`, so the first page is read in order and stops after `size` rows.
-- Measured effects and the reasoning are in docs/performance.md.

-- Policies. The INCLUDE columns are the ones the list filters and presets test most (status,
-- payment status, termination reason, risk, range, dates, broker): with them, the total count of
-- a filtered list is an index-only scan of the caller's entries instead of one heap page per
-- policy (a wholesaler's policies are spread over the whole table).
create index police_grossiste_list_idx on police
  (code_courtier_grossiste_portail, date_creation desc nulls last, id)
  include (statut, statut_paiement, motif_resil, risque, gamme, date_effet, code_courtier_portail);
create index police_courtier_list_idx on police
  (code_courtier_portail, date_creation desc nulls last, id)
  include (statut, statut_paiement, motif_resil, risque, gamme, date_effet);
create index police_list_idx on police (date_creation desc nulls last, id);
-- Preset SEF ("Sans Effet") sorts by the termination request date.
create index police_grossiste_sef_idx on police
  (code_courtier_grossiste_portail, date_enregistrement_resil desc nulls last, id)
  where motif_resil = 'Sans Effet';
create index police_courtier_sef_idx on police
  (code_courtier_portail, date_enregistrement_resil desc nulls last, id)
  where motif_resil = 'Sans Effet';

-- Insured persons: default sort police, rang.
create index police_assure_grossiste_list_idx on police_assure
  (code_courtier_grossiste_portail, police, rang, id);
create index police_assure_courtier_list_idx on police_assure (code_courtier_portail, police, rang, id);

-- Statements: default sort mois desc.
create index commission_grossiste_list_idx on commission
  (code_courtier_grossiste_portail, mois desc nulls last, id);
create index commission_courtier_list_idx on commission (code_courtier_portail, mois desc nulls last, id);
create index commission_list_idx on commission (mois desc nulls last, id);

-- A statement's lines in their default order (libelleMouvement, gamme, police).
create index commission_mouvement_statement_idx on commission_mouvement
  (id_bordereau, libelle_mouvement, gamme, police, id);

-- Timeline: default sort id desc.
create index timeline_event_grossiste_list_idx on timeline_event (code_courtier_grossiste_portail, id desc);
create index timeline_event_courtier_list_idx on timeline_event (code_courtier_portail, id desc);
