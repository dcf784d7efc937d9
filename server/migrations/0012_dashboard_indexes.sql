-- GET /api/dashboard (docs/insight.md): each aggregate reads one index, scoped by broker code
-- (courtier), wholesaler code (grossiste, per broker) or nothing (admin).

-- Policies in force, new and terminated this month: index-only counts.
create index police_courtier_dashboard_idx on police (code_courtier_portail)
  include (statut, date_effet, date_resil);
create index police_grossiste_dashboard_idx on police (code_courtier_grossiste_portail, code_courtier_portail)
  include (statut, date_effet, date_resil, courtier);

-- Clawbacks (reprises) of the last months, with the policies behind them.
create index commission_mouvement_courtier_reprise_idx on commission_mouvement (code_courtier_portail, mois)
  include (id_police, police, nomprenom, montant) where type_mouvement = 'REP';
create index commission_mouvement_grossiste_reprise_idx on commission_mouvement
  (code_courtier_grossiste_portail, mois) include (code_courtier_portail, id_police, police, nomprenom, montant)
  where type_mouvement = 'REP';
create index commission_mouvement_reprise_idx on commission_mouvement (mois)
  include (code_courtier_portail, id_police, police, nomprenom, montant) where type_mouvement = 'REP';

-- Unpaid, formal notice and litigation events of the last 30 days.
create index timeline_event_courtier_type_time_idx on timeline_event (code_courtier_portail, type_message, time)
  include (id_police);
create index timeline_event_grossiste_type_time_idx on timeline_event
  (code_courtier_grossiste_portail, type_message, time) include (code_courtier_portail, id_police);
create index timeline_event_type_time_idx on timeline_event (type_message, time) include (id_police);
