-- Extended statistics: a statement, a policy or a broker code decides the other broker codes, but
-- the planner assumes independent columns and multiplies their selectivities. For a statement's
-- lines (`code_courtier_portail = $1 and id_bordereau = $2`) it then expected 10 times fewer rows
-- than there are, sorted them on disk instead of reading the statement's index in order
-- (docs/performance.md, "Statement detail").
create statistics commission_mouvement_codes_stats (dependencies)
  on id_bordereau, code_courtier_portail, code_courtier_grossiste_portail from commission_mouvement;
create statistics commission_mouvement_police_stats (dependencies)
  on id_police, code_courtier_portail, code_courtier_grossiste_portail from commission_mouvement;
create statistics police_codes_stats (dependencies)
  on code_courtier_portail, code_courtier_grossiste_portail from police;
create statistics police_assure_codes_stats (dependencies)
  on id_police, code_courtier_portail, code_courtier_grossiste_portail from police_assure;
create statistics commission_codes_stats (dependencies)
  on code_courtier_portail, code_courtier_grossiste_portail from commission;
create statistics timeline_event_codes_stats (dependencies)
  on id_police, code_courtier_portail, code_courtier_grossiste_portail from timeline_event;
