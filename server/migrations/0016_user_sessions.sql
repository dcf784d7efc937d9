-- Sessions: each sign-in is a row its token names (claim `sid`); ending a session
-- deletes its row, and the per-request check refuses a token whose row is gone.
CREATE TABLE user_sessions (
  id           bigserial    PRIMARY KEY,
  user_id      bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device       varchar(100) NOT NULL,
  address      varchar(64)  NOT NULL,
  started_at   timestamptz  NOT NULL DEFAULT now(),
  last_used_at timestamptz  NOT NULL DEFAULT now(),
  expires_at   timestamptz  NOT NULL
);

CREATE INDEX user_sessions_user_idx ON user_sessions (user_id, expires_at);
