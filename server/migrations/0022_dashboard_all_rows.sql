-- GET /api/dashboard for a caller who sees every row (docs/insight.md): 0012's indexes lead with a
-- broker or wholesaler code, so an admin's figures read whole tables (106 ms at the median on the
-- 1,000,000-policy set, `npm run bench -- dashboard`). These make each of them small.

-- Paid and forecast per month: the window's statements only, index-only.
create index commission_mois_dashboard_idx on commission (mois) include (type_bordereau, montant);

-- Policies with an effective date or a termination this month.
create index police_date_effet_idx on police (date_effet);
create index police_date_resil_idx on police (date_resil) where date_resil is not null;

-- Policies in force: two thirds of all policies, too many to count on each request, so the count
-- per status is kept here, like 0008's scope counts, by statement triggers in the writer's
-- transaction (a rolled-back import leaves it as it was).
create table police_status_count (
  statut text not null primary key,
  n bigint not null
);

create function police_status_count_inserted() returns trigger
language plpgsql as $$
begin
  insert into police_status_count as s (statut, n)
    select coalesce(statut, ''), count(*) from new_rows group by 1
  on conflict (statut) do update set n = s.n + excluded.n;
  return null;
end $$;

create function police_status_count_deleted() returns trigger
language plpgsql as $$
begin
  insert into police_status_count as s (statut, n)
    select coalesce(statut, ''), -count(*) from old_rows group by 1
  on conflict (statut) do update set n = s.n + excluded.n;
  return null;
end $$;

create function police_status_count_updated() returns trigger
language plpgsql as $$
begin
  insert into police_status_count as s (statut, n)
    select k.statut, sum(k.sign)
      from old_rows o join new_rows w using (id),
           lateral (values (coalesce(o.statut, ''), -1), (coalesce(w.statut, ''), 1)) as k(statut, sign)
     where o.statut is distinct from w.statut
     group by k.statut
  on conflict (statut) do update set n = s.n + excluded.n;
  return null;
end $$;

create function police_status_count_truncate() returns trigger
language plpgsql as $$
begin
  delete from police_status_count;
  return null;
end $$;

create trigger police_status_count_ins after insert on police
  referencing new table as new_rows for each statement execute function police_status_count_inserted();
create trigger police_status_count_upd after update on police
  referencing old table as old_rows new table as new_rows for each statement execute function police_status_count_updated();
create trigger police_status_count_del after delete on police
  referencing old table as old_rows for each statement execute function police_status_count_deleted();
create trigger police_status_count_trunc after truncate on police
  for each statement execute function police_status_count_truncate();

-- Bulk loads run with the triggers off and call scope_count_refresh(table) after
-- (server/src/data/copyLoad.ts); the status counts are recounted with the policies' scope counts.
create or replace function scope_count_refresh(tbl text) returns void
language plpgsql as $$
begin
  delete from scope_count where table_name = tbl;
  execute format(
    'insert into scope_count (table_name, scope, code, n)
       select %L, k.scope, k.code, count(*)
         from %I, lateral (values (''all'', ''''),
                                  (''courtier'', code_courtier_portail),
                                  (''grossiste'', code_courtier_grossiste_portail)) as k(scope, code)
        where k.code is not null
        group by k.scope, k.code',
    tbl, tbl);
  if tbl = 'police' then
    delete from police_status_count;
    insert into police_status_count (statut, n) select coalesce(statut, ''), count(*) from police group by 1;
  end if;
end $$;

insert into police_status_count (statut, n) select coalesce(statut, ''), count(*) from police group by 1;
