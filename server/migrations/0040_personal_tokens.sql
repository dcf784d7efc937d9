-- Personal access tokens (docs/integrations.md): a script's credential, shown once and kept
-- only as its SHA-256 (the secret is 256 random bits, so a plain hash is enough to compare).
-- Revoking, deactivating or deleting the account deletes the rows, so a token is refused at
-- its next request.
CREATE TABLE personal_tokens (
  id           bigserial    PRIMARY KEY,
  user_id      bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         varchar(100) NOT NULL,
  scope        varchar(20)  NOT NULL CHECK (scope IN ('read', 'read+export')),
  token_hash   char(64)     NOT NULL UNIQUE,
  -- The first characters of the token (`ext_pat_` and four more), to recognise it in a list.
  prefix       varchar(16)  NOT NULL,
  created_at   timestamptz  NOT NULL DEFAULT now(),
  expires_at   timestamptz  NOT NULL,
  last_used_at timestamptz
);

CREATE INDEX personal_tokens_user_idx ON personal_tokens (user_id, created_at);
