-- The "sur M" of "N contrats sur M" (X-Scope-Count): each caller's rows before filters. Counting
-- them on every page read a wholesaler's 20,000 index entries (every row for an admin) to give a
-- number that changes only when rows are written. The counts live here instead, one row per
-- table and scope ('all' for admins, a broker code, a wholesaler code), kept exact by statement
-- triggers that fold each statement's inserted and deleted rows in. Imports, admin writes and
-- COPY all go through them, in the writer's transaction: a rolled-back import leaves the counts
-- as they were. Read by server/src/entities/engine/query.ts (scopeCountRows).
create table scope_count (
  table_name text not null,
  -- 'all', 'courtier' (code_courtier_portail) or 'grossiste' (code_courtier_grossiste_portail).
  scope text not null,
  code text not null default '',
  n bigint not null,
  primary key (table_name, scope, code)
);

-- One function per kind of statement: a transition table exists only for the events that
-- declare it, and static SQL naming a missing one would not compile.
create function scope_count_inserted() returns trigger
language plpgsql as $$
begin
  insert into scope_count as s (table_name, scope, code, n)
    select tg_table_name, k.scope, k.code, count(*)
      from new_rows, lateral (values ('all', ''), ('courtier', code_courtier_portail),
                                     ('grossiste', code_courtier_grossiste_portail)) as k(scope, code)
     where k.code is not null
     group by k.scope, k.code
  on conflict (table_name, scope, code) do update set n = s.n + excluded.n;
  return null;
end $$;

create function scope_count_deleted() returns trigger
language plpgsql as $$
begin
  insert into scope_count as s (table_name, scope, code, n)
    select tg_table_name, k.scope, k.code, -count(*)
      from old_rows, lateral (values ('all', ''), ('courtier', code_courtier_portail),
                                     ('grossiste', code_courtier_grossiste_portail)) as k(scope, code)
     where k.code is not null
     group by k.scope, k.code
  on conflict (table_name, scope, code) do update set n = s.n + excluded.n;
  return null;
end $$;

-- Most updates (an import's upsert, an admin edit) keep both codes: only moved rows count.
create function scope_count_updated() returns trigger
language plpgsql as $$
begin
  insert into scope_count as s (table_name, scope, code, n)
    select tg_table_name, k.scope, k.code, sum(k.sign)
      from old_rows o join new_rows w using (id),
           lateral (values ('courtier', o.code_courtier_portail, -1),
                           ('grossiste', o.code_courtier_grossiste_portail, -1),
                           ('courtier', w.code_courtier_portail, 1),
                           ('grossiste', w.code_courtier_grossiste_portail, 1)) as k(scope, code, sign)
     where k.code is not null
       and (o.code_courtier_portail is distinct from w.code_courtier_portail
         or o.code_courtier_grossiste_portail is distinct from w.code_courtier_grossiste_portail)
     group by k.scope, k.code
  on conflict (table_name, scope, code) do update set n = s.n + excluded.n;
  return null;
end $$;

create function scope_count_truncate() returns trigger
language plpgsql as $$
begin
  delete from scope_count where table_name = tg_table_name;
  return null;
end $$;

-- Recounts one table from its rows (after a load that ran with the triggers disabled).
create function scope_count_refresh(tbl text) returns void
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
end $$;

-- The two lists that show "sur M": policies and insured persons.
create trigger police_scope_count_ins after insert on police
  referencing new table as new_rows for each statement execute function scope_count_inserted();
create trigger police_scope_count_upd after update on police
  referencing old table as old_rows new table as new_rows for each statement execute function scope_count_updated();
create trigger police_scope_count_del after delete on police
  referencing old table as old_rows for each statement execute function scope_count_deleted();
create trigger police_scope_count_trunc after truncate on police
  for each statement execute function scope_count_truncate();

create trigger police_assure_scope_count_ins after insert on police_assure
  referencing new table as new_rows for each statement execute function scope_count_inserted();
create trigger police_assure_scope_count_upd after update on police_assure
  referencing old table as old_rows new table as new_rows for each statement execute function scope_count_updated();
create trigger police_assure_scope_count_del after delete on police_assure
  referencing old table as old_rows for each statement execute function scope_count_deleted();
create trigger police_assure_scope_count_trunc after truncate on police_assure
  for each statement execute function scope_count_truncate();

select scope_count_refresh('police');
select scope_count_refresh('police_assure');
