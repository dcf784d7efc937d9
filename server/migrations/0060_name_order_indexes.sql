-- Names sort as a French reader expects ("THOMAS Élodie" before "THOMAS Mathieu", "Émile" with the
-- E's): the engine sorts name fields `collate "und-x-icu"` (ICU's root order: letters first,
-- accents then case only break ties; server/src/entities/engine/fields.ts WORDS_COLLATION). Both
-- databases have that collation. An index serves a sort only in its own collation, so the sort by
-- name of both portfolio lists gets one per scope, as their default sorts have (0003, 0006):
-- the first page is read in order and stops after its rows (server/test/data/name-order.test.ts).
create index police_courtier_name_idx on police
  (code_courtier_portail, nomprenom collate "und-x-icu", id);
create index police_grossiste_name_idx on police
  (code_courtier_grossiste_portail, nomprenom collate "und-x-icu", id);
create index police_name_idx on police (nomprenom collate "und-x-icu", id);

create index police_assure_courtier_name_idx on police_assure
  (code_courtier_portail, nomprenom collate "und-x-icu", id);
create index police_assure_grossiste_name_idx on police_assure
  (code_courtier_grossiste_portail, nomprenom collate "und-x-icu", id);
create index police_assure_name_idx on police_assure (nomprenom collate "und-x-icu", id);
