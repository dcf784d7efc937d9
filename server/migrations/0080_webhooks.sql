-- Webhooks (docs/integrations.md "Webhooks"): the endpoints a user registers and one delivery row
-- per event and endpoint, written in the transaction that made the event (webhooks/emit.ts) and
-- sent by whichever instance's scheduled run claims it (webhooks/deliveries.ts), as kept mails are.
CREATE TABLE webhook_endpoint (
  id              bigserial    PRIMARY KEY,
  user_id         bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url             varchar(2000) NOT NULL,
  description     varchar(200),
  events          text[]       NOT NULL,
  -- The signing key (`whsec_` and base64 of 32 random bytes): kept, since every delivery signs with it.
  secret          varchar(100) NOT NULL,
  enabled         boolean      NOT NULL DEFAULT true,
  -- Consecutive failed attempts; the endpoint is switched off when they reach the limit.
  failures        integer      NOT NULL DEFAULT 0,
  disabled_reason varchar(300),
  created_at      timestamptz  NOT NULL DEFAULT now()
);

CREATE INDEX webhook_endpoint_user_idx ON webhook_endpoint (user_id, id);

CREATE TABLE webhook_delivery (
  id              bigserial    PRIMARY KEY,
  endpoint_id     bigint       NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  -- The `webhook-id` header: the same on every attempt and on a redelivery.
  message_id      varchar(40)  NOT NULL,
  event_type      varchar(40)  NOT NULL,
  payload         jsonb        NOT NULL,
  status          varchar(10)  NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer      NOT NULL DEFAULT 0,
  last_status     integer,
  last_error      varchar(500),
  created_at      timestamptz  NOT NULL DEFAULT now(),
  next_attempt_at timestamptz  NOT NULL DEFAULT now(),
  delivered_at    timestamptz,
  claimed_at      timestamptz,
  claimed_by      varchar(100)
);

CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, id DESC);
