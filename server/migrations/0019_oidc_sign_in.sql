-- Single sign-on (OpenID Connect): the attempts started at /api/oidc/authorize, kept here and not
-- in one process's memory so any instance of a fleet can finish them; and the one-time codes the
-- web app or the CLI exchanges for a session once the provider answered. Both are used once
-- (deleted when read) and expire within minutes. Only hashes of the state, the browser binding
-- and the hand-off code are kept: a copy of the table opens nothing.
CREATE TABLE oidc_attempts (
  state_hash       char(43)     PRIMARY KEY,
  browser_hash     char(43)     NOT NULL,
  nonce            varchar(64)  NOT NULL,
  code_verifier    varchar(128) NOT NULL,
  -- The CLI's loopback port (RFC 8252) and its own PKCE challenge; null for the web app.
  loopback_port    integer      CHECK (loopback_port BETWEEN 1024 AND 65535),
  client_challenge char(43),
  remember_me      boolean      NOT NULL DEFAULT false,
  created_at       timestamptz  NOT NULL,
  expires_at       timestamptz  NOT NULL
);

CREATE INDEX oidc_attempts_expiry_idx ON oidc_attempts (expires_at);

CREATE TABLE oidc_handoffs (
  code_hash        char(43)     PRIMARY KEY,
  user_id          bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_challenge char(43),
  remember_me      boolean      NOT NULL DEFAULT false,
  expires_at       timestamptz  NOT NULL
);

CREATE INDEX oidc_handoffs_expiry_idx ON oidc_handoffs (expires_at);
