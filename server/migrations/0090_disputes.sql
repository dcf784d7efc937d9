-- Disputes (docs/disputes.md): a broker contests a commission with the insurer's back office.
-- The status is a state of core's dispute machine; the row carries the broker codes of the record
-- it was opened from, so the row scope of every business table applies unchanged.
create table dispute (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  -- ANOMALY, LINE, STATEMENT or POLICY; what it was opened from, copied at opening (anomalies
  -- are rebuilt by each import, so their rule and lines are kept here rather than referenced).
  source text not null,
  regle text,
  id_police bigint,
  police text,
  nomprenom text,
  id_bordereau bigint,
  id_mouvement bigint,
  -- The statement's date (date_envoi, else its month) and the last day to open: 90 days after.
  statement_date date,
  deadline date,
  reason text not null,
  amount_claimed numeric(14, 2) not null check (amount_claimed > 0),
  status text not null,
  correction numeric(14, 2),
  decision_reason text,
  decided_date timestamptz,
  reopened boolean not null default false,
  -- The last statement line when the correction was accepted: only a line imported after it settles.
  accepted_after_line bigint,
  -- The imported statement line that carried the accepted correction.
  settled_by_bordereau bigint,
  settled_by_mouvement bigint,
  opened_by text not null,
  created_date timestamptz not null default now(),
  last_modified_date timestamptz not null default now()
);

create index dispute_courtier_idx on dispute (code_courtier_portail, last_modified_date desc, id);
create index dispute_grossiste_idx on dispute (code_courtier_grossiste_portail, last_modified_date desc, id);
create index dispute_list_idx on dispute (last_modified_date desc, id);
create index dispute_status_idx on dispute (status, last_modified_date desc, id);
-- Settlement looks for accepted disputes by policy when a statement lands.
create index dispute_accepted_police_idx on dispute (id_police) where status = 'ACCEPTED';

-- The thread: one entry per step (opening, message, request, decision, reopening, settlement).
create table dispute_entry (
  id bigserial primary key,
  dispute_id bigint not null references dispute (id) on delete cascade,
  kind text not null,
  author text not null,
  by_insurer boolean not null,
  message text not null,
  created_date timestamptz not null default now()
);
create index dispute_entry_dispute_idx on dispute_entry (dispute_id, id);

-- Files sent with an entry, checked by the after-sales upload rules.
create table dispute_attachment (
  id bigserial primary key,
  entry_id bigint not null references dispute_entry (id) on delete cascade,
  name text not null,
  mime text not null,
  size integer not null,
  content bytea not null
);
create index dispute_attachment_entry_idx on dispute_attachment (entry_id);
