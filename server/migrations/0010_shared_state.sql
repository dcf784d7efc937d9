-- State every instance of one database shares, so a fleet behaves as one server.

-- Throttling counters (http/rate-limiter.ts): one fixed window per (bucket, key). Unlogged:
-- cheap writes, lost only on a crash (as the in-memory counters were), never replicated.
CREATE UNLOGGED TABLE throttle_counter (
  bucket text NOT NULL,
  key text NOT NULL,
  -- end of the current window, milliseconds since the epoch
  expires_at bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX throttle_counter_expiry ON throttle_counter (expires_at);

-- Mails the mail server did not take, with their attachments (mail/outbox.ts): claimed by one
-- instance at a time (FOR UPDATE SKIP LOCKED), retried with back-off, deleted once sent.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  message jsonb NOT NULL,
  kept_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1,
  last_error text,
  next_attempt_at timestamptz NOT NULL,
  claimed_at timestamptz,
  claimed_by text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id);

CREATE TABLE mail_outbox_attachment (
  mail_id bigint NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL,
  content_type text,
  content bytea NOT NULL,
  PRIMARY KEY (mail_id, position)
);

-- Secrets generated once for the whole database (the JWT signing secret when JWT_SECRET is unset).
CREATE TABLE server_secret (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
