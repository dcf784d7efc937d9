-- Business tables loaded from the insurer's back office (docs/product.md §3).
-- Column names are the snake_case of the spec's field names; derived *Texte / *Filter fields are
-- not stored (the API derives them). Rows are denormalised like the back-office extracts, so every
-- table carries the broker codes that the row scope (docs/design.md §4) filters on.
-- Money is numeric(14,2), rates numeric(9,6): never binary floating point.

create table police (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  code_apporteur text,
  apporteur text,
  id_police bigint not null unique,
  numero_ucr text,
  police text,
  reference_courtier text,
  risque text,
  gamme text,
  formule text,
  nomprenom text,
  nom text,
  prenom text,
  adresse1 text,
  adresse2 text,
  cp text,
  ville text,
  tel1 text,
  tel2 text,
  email text,
  age_adherent integer,
  code_categorie_socio_prof text,
  categorie_socio_prof text,
  date_creation date,
  date_signature date,
  date_effet date,
  date_resil date,
  code_resil text,
  motif_resil text,
  date_enregistrement_resil date,
  statut text,
  droits_mensuels numeric(14, 2),
  cotisation_ht numeric(14, 2),
  cotisation_ttc numeric(14, 2),
  cotisation_totale numeric(14, 2),
  statut_paiement text,
  libelle_statut_paiement text,
  date_mise_en_demeure date,
  montant_impaye numeric(14, 2),
  mode_paiement text,
  libelle_mode_paiement text,
  jour_prelevement integer,
  commissionnement text,
  mode_commissionnement text,
  montant_commission_prevue numeric(14, 2),
  taux_commission_annee1 numeric(9, 6),
  montant_commission_annee1 numeric(14, 2),
  date_paiement_commission_annee1 date,
  montant_reprise_commission_annee1 numeric(14, 2),
  date_reprise_commission_annee1 date,
  date_derniere_commission date,
  montant_commission_totale numeric(14, 2)
);

-- One row per insured person of a policy, carrying the policy and broker fields it is listed with.
create table police_assure (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  code_apporteur text,
  apporteur text,
  id_police bigint not null,
  numero_ucr text,
  police text,
  reference_courtier text,
  risque text,
  gamme text,
  formule text,
  nomprenom text,
  nom text,
  prenom text,
  adresse1 text,
  adresse2 text,
  cp text,
  ville text,
  tel1 text,
  tel2 text,
  email text,
  statut text,
  statut_paiement text,
  libelle_statut_paiement text,
  commissionnement text,
  mode_commissionnement text,
  id_assure bigint not null unique,
  rang integer,
  age integer,
  mois_naissance integer,
  date_naissance date,
  sexe text,
  numero_secu text,
  organisme_affiliation text,
  date_creation date,
  date_signature date,
  date_effet date,
  date_resil date,
  code_resil text,
  motif_resil text,
  date_enregistrement_resil date,
  cotisation_ht numeric(14, 2),
  cotisation_ttc numeric(14, 2)
);

-- Commission statements (bordereaux). 'Prévisionnel' statements are forecasts.
create table commission (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  id_bordereau bigint not null unique,
  mois date,
  type_bordereau text,
  compte text,
  nb integer,
  montant numeric(14, 2),
  solde_precedent numeric(14, 2),
  date_envoi date,
  date_paiement date,
  fichier_bordereau text
);

-- The PDF bytes live apart so that statement lists never read them.
create table commission_pdf (
  id_bordereau bigint primary key references commission (id_bordereau) on delete cascade,
  content bytea not null
);

-- Recap table of a statement: one line per commission type, shown sorted by ordre.
create table recap_line (
  id bigserial primary key,
  id_bordereau bigint not null references commission (id_bordereau) on delete cascade,
  commission text not null,
  montant numeric(14, 2) not null,
  ordre integer not null,
  unique (id_bordereau, ordre)
);

-- Commission movements. No foreign keys to police/commission so that bulk COPY loads need no
-- ordering; the generator and the import check that references exist.
create table commission_mouvement (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  id_bordereau bigint not null,
  type_bordereau text,
  mois date,
  compte text,
  id_police bigint,
  police text,
  risque text,
  gamme text,
  formule text,
  nomprenom text,
  ville text,
  date_effet date,
  date_resil date,
  type_mouvement text,
  libelle_mouvement text,
  periode date,
  montant_base numeric(14, 2),
  taux numeric(9, 6),
  montant numeric(14, 2),
  courtier_apporteur text,
  code_apporteur text,
  apporteur text
);

create table timeline_event (
  id bigserial primary key,
  courtier text,
  code_courtier_portail text,
  code_courtier_grossiste_portail text,
  id_courtier_portail text,
  id_courtier_gestion text,
  id_courtier_grossiste_gestion text,
  time timestamptz not null,
  id_police bigint,
  police text,
  risque text,
  gamme text,
  nomprenom text,
  id_assure bigint,
  type_message text not null,
  message text
);

-- Scope and reference lookups every request does; filter/sort/search indexes come later.
create index police_code_courtier_idx on police (code_courtier_portail);
create index police_code_grossiste_idx on police (code_courtier_grossiste_portail);
create index police_assure_code_courtier_idx on police_assure (code_courtier_portail);
create index police_assure_code_grossiste_idx on police_assure (code_courtier_grossiste_portail);
create index police_assure_id_police_idx on police_assure (id_police);
create index commission_code_courtier_idx on commission (code_courtier_portail);
create index commission_code_grossiste_idx on commission (code_courtier_grossiste_portail);
create index commission_mouvement_id_bordereau_idx on commission_mouvement (id_bordereau);
create index commission_mouvement_id_police_idx on commission_mouvement (id_police);
create index commission_mouvement_code_courtier_idx on commission_mouvement (code_courtier_portail);
create index commission_mouvement_code_grossiste_idx on commission_mouvement (code_courtier_grossiste_portail);
create index timeline_event_id_police_idx on timeline_event (id_police);
create index timeline_event_code_courtier_idx on timeline_event (code_courtier_portail);
create index timeline_event_code_grossiste_idx on timeline_event (code_courtier_grossiste_portail);
