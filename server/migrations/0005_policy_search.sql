-- Global search (`q=`) on policies is `col ilike '%…%'` OR-ed over the search fields (and
-- `contains` filters are the same on one field). Without an index each request reads every policy
-- of the caller's scope and runs 14 pattern matches on each (a wholesaler: 20,000 policies).
-- Trigram GIN indexes let PostgreSQL combine the matching rows of each field (BitmapOr) with the
-- scope (BitmapAnd) and visit only those. pg_trgm ships with PostgreSQL (a trusted extension);
-- PGlite loads no extension by default, so there the search stays a scan of the scope, which the
-- demo set's 450 policies do not notice. Figures: docs/performance.md, "Search".
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index police_police_trgm_idx on police using gin (police gin_trgm_ops);
    create index police_numero_ucr_trgm_idx on police using gin (numero_ucr gin_trgm_ops);
    create index police_reference_courtier_trgm_idx on police using gin (reference_courtier gin_trgm_ops);
    create index police_nomprenom_trgm_idx on police using gin (nomprenom gin_trgm_ops);
    create index police_courtier_trgm_idx on police using gin (courtier gin_trgm_ops);
    create index police_apporteur_trgm_idx on police using gin (apporteur gin_trgm_ops);
    create index police_risque_trgm_idx on police using gin (risque gin_trgm_ops);
    create index police_gamme_trgm_idx on police using gin (gamme gin_trgm_ops);
    create index police_formule_trgm_idx on police using gin (formule gin_trgm_ops);
    create index police_cp_trgm_idx on police using gin (cp gin_trgm_ops);
    create index police_ville_trgm_idx on police using gin (ville gin_trgm_ops);
    create index police_email_trgm_idx on police using gin (email gin_trgm_ops);
    create index police_statut_trgm_idx on police using gin (statut gin_trgm_ops);
    create index police_motif_resil_trgm_idx on police using gin (motif_resil gin_trgm_ops);
  end if;
end
$$;
