-- Data protection (docs/security.md "Data protection").

-- Who saw whom: every view of an insured person's or a policy's detail, every reveal of a social
-- security number (NIR) and every export holding personal data. `id_assure` names the insured
-- person; a policy view names the policy only (`id_assure` null), and "who looked at my file?"
-- reads both. Login are copied, not referenced, so the trail outlives the account.
-- Kept RETENTION_ACCESS_LOG_DAYS, then deleted by the retention job.
CREATE TABLE personal_data_access (
  id         bigserial   PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  login      text        NOT NULL,
  kind       text        NOT NULL CHECK (kind IN ('detail', 'nir_reveal', 'export', 'personal_data_export', 'anonymise')),
  id_assure  bigint,
  id_police  bigint,
  ip         text,
  user_agent text,
  -- An export: the list and its query (an export is recorded once, not per person it held).
  detail     text
);
CREATE INDEX personal_data_access_assure_idx ON personal_data_access (id_assure, at);
CREATE INDEX personal_data_access_police_idx ON personal_data_access (id_police, at);
CREATE INDEX personal_data_access_at_idx ON personal_data_access (at);

-- When an insured person's identity was anonymised (by the retention job or on request): the
-- job skips them, a second request answers with the first one's date.
ALTER TABLE police_assure ADD COLUMN anonymised_at timestamptz;
-- The same for a policy's holder fields (anonymised with its last insured person).
ALTER TABLE police ADD COLUMN anonymised_at timestamptz;
