-- The count and amount at stake of each scope's anomalies (X-Total-Count and X-Total-Amount of an
-- unfiltered GET /api/anomalies, the dashboard's "À vérifier" card). Summing them on every read
-- cost an admin about 50 ms on 83,000 anomalies and grows with the table; they change only when
-- the reconciliation refresh writes, so statement triggers fold each write in, in the writer's
-- transaction, as scope_count does for the policies (migration 0008). One row per scope ('all'
-- for admins, a broker code, a wholesaler code) and rule ('' for every rule, the rule being the
-- screen's main filter). Read by server/src/entities/anomalies/routes.ts.
create table anomaly_total (
  scope text not null,
  code text not null default '',
  regle text not null default '',
  n bigint not null,
  amount numeric(16, 2) not null,
  primary key (scope, code, regle)
);

-- One function per kind of statement, as in migration 0008: a transition table exists only for
-- the events that declare it. Each folds signed rows (1 arriving, -1 leaving) into the totals.
create function anomaly_total_inserted() returns trigger
language plpgsql as $$
begin
  insert into anomaly_total as t (scope, code, regle, n, amount)
    select k.scope, k.code, k.regle, sum(r.sign), sum(r.sign * r.montant)
      from (select 1 as sign, regle, montant, code_courtier_portail, code_courtier_grossiste_portail from new_rows) as r,
           lateral (values ('all', '', ''), ('courtier', r.code_courtier_portail, ''),
                           ('grossiste', r.code_courtier_grossiste_portail, ''),
                           ('all', '', r.regle), ('courtier', r.code_courtier_portail, r.regle),
                           ('grossiste', r.code_courtier_grossiste_portail, r.regle)) as k(scope, code, regle)
     where k.code is not null
     group by k.scope, k.code, k.regle
  on conflict (scope, code, regle) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount;
  return null;
end $$;

create function anomaly_total_deleted() returns trigger
language plpgsql as $$
begin
  insert into anomaly_total as t (scope, code, regle, n, amount)
    select k.scope, k.code, k.regle, sum(r.sign), sum(r.sign * r.montant)
      from (select -1 as sign, regle, montant, code_courtier_portail, code_courtier_grossiste_portail from old_rows) as r,
           lateral (values ('all', '', ''), ('courtier', r.code_courtier_portail, ''),
                           ('grossiste', r.code_courtier_grossiste_portail, ''),
                           ('all', '', r.regle), ('courtier', r.code_courtier_portail, r.regle),
                           ('grossiste', r.code_courtier_grossiste_portail, r.regle)) as k(scope, code, regle)
     where k.code is not null
     group by k.scope, k.code, k.regle
  on conflict (scope, code, regle) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount;
  return null;
end $$;

-- An anomaly updated in place (a new amount, a broker moved): its old row leaves, the new arrives.
create function anomaly_total_updated() returns trigger
language plpgsql as $$
begin
  insert into anomaly_total as t (scope, code, regle, n, amount)
    select k.scope, k.code, k.regle, sum(r.sign), sum(r.sign * r.montant)
      from (select -1 as sign, o.regle, o.montant, o.code_courtier_portail, o.code_courtier_grossiste_portail
              from old_rows o join new_rows w using (id)
             where (o.regle, o.montant, o.code_courtier_portail, o.code_courtier_grossiste_portail)
                 is distinct from (w.regle, w.montant, w.code_courtier_portail, w.code_courtier_grossiste_portail)
            union all
            select 1, w.regle, w.montant, w.code_courtier_portail, w.code_courtier_grossiste_portail
              from old_rows o join new_rows w using (id)
             where (o.regle, o.montant, o.code_courtier_portail, o.code_courtier_grossiste_portail)
                 is distinct from (w.regle, w.montant, w.code_courtier_portail, w.code_courtier_grossiste_portail)) as r,
           lateral (values ('all', '', ''), ('courtier', r.code_courtier_portail, ''),
                           ('grossiste', r.code_courtier_grossiste_portail, ''),
                           ('all', '', r.regle), ('courtier', r.code_courtier_portail, r.regle),
                           ('grossiste', r.code_courtier_grossiste_portail, r.regle)) as k(scope, code, regle)
     where k.code is not null
     group by k.scope, k.code, k.regle
  on conflict (scope, code, regle) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount;
  return null;
end $$;

create function anomaly_total_truncated() returns trigger
language plpgsql as $$
begin
  delete from anomaly_total;
  return null;
end $$;

create trigger anomaly_total_ins after insert on anomaly
  referencing new table as new_rows for each statement execute function anomaly_total_inserted();
create trigger anomaly_total_upd after update on anomaly
  referencing old table as old_rows new table as new_rows for each statement execute function anomaly_total_updated();
create trigger anomaly_total_del after delete on anomaly
  referencing old table as old_rows for each statement execute function anomaly_total_deleted();
create trigger anomaly_total_trunc after truncate on anomaly
  for each statement execute function anomaly_total_truncated();

-- The totals of the rows already there.
insert into anomaly_total (scope, code, regle, n, amount)
  select k.scope, k.code, k.regle, count(*), sum(a.montant)
    from anomaly a,
         lateral (values ('all', '', ''), ('courtier', a.code_courtier_portail, ''),
                         ('grossiste', a.code_courtier_grossiste_portail, ''),
                         ('all', '', a.regle), ('courtier', a.code_courtier_portail, a.regle),
                         ('grossiste', a.code_courtier_grossiste_portail, a.regle)) as k(scope, code, regle)
   where k.code is not null
   group by k.scope, k.code, k.regle;
