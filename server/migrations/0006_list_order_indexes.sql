-- Sorts that no index served, found by server/test/data/explain-indexes.test.ts (EXPLAIN of the
-- server's own statements; docs/data.md, "Indexes, checked by EXPLAIN"). Without them the first
-- page of these lists collects and sorts every row of the caller's scope (every row for admins).

-- Timeline. The engine sorts `id desc nulls last`; an index on `id desc` is `desc nulls first`,
-- which PostgreSQL does not match to that order even though `id` is never null, so 0003's two
-- timeline indexes never gave the page in order. Same names, right order; plus the admins' one.
drop index if exists timeline_event_courtier_list_idx;
drop index if exists timeline_event_grossiste_list_idx;
create index timeline_event_courtier_list_idx on timeline_event (code_courtier_portail, id desc nulls last);
create index timeline_event_grossiste_list_idx on timeline_event
  (code_courtier_grossiste_portail, id desc nulls last);
create index timeline_event_list_idx on timeline_event (id desc nulls last);

-- Movements list (`/api/commission-mouvements`): default sort libelleMouvement, gamme, police.
-- A statement's lines already have theirs (commission_mouvement_statement_idx).
create index commission_mouvement_courtier_list_idx on commission_mouvement
  (code_courtier_portail, libelle_mouvement, gamme, police, id);
create index commission_mouvement_grossiste_list_idx on commission_mouvement
  (code_courtier_grossiste_portail, libelle_mouvement, gamme, police, id);
create index commission_mouvement_list_idx on commission_mouvement (libelle_mouvement, gamme, police, id);

-- Insured persons: the admins' default order (police, rang), and the SEF preset's order
-- (termination request date, then police, rang) for each scope.
create index police_assure_list_idx on police_assure (police, rang, id);
create index police_assure_courtier_sef_idx on police_assure
  (code_courtier_portail, date_enregistrement_resil desc nulls last, police, rang, id)
  where motif_resil = 'Sans Effet';
create index police_assure_grossiste_sef_idx on police_assure
  (code_courtier_grossiste_portail, date_enregistrement_resil desc nulls last, police, rang, id)
  where motif_resil = 'Sans Effet';
create index police_assure_sef_idx on police_assure
  (date_enregistrement_resil desc nulls last, police, rang, id)
  where motif_resil = 'Sans Effet';

-- Policies: the SEF preset for admins (0003 has the broker and wholesaler ones).
create index police_sef_idx on police
  (date_enregistrement_resil desc nulls last, date_creation desc nulls last, id)
  where motif_resil = 'Sans Effet';
