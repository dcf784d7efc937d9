-- Alerts (docs/insight.md "Alerts"): which timeline event types alert each user, whether the
-- daily digest mails them, and how far their digest and their reading have gone.

-- A user's own choice. No row: the defaults of their roles (server/src/alerts/preferences.ts).
CREATE TABLE alert_preference (
  user_id    bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  types      text[]      NOT NULL,
  digest     boolean     NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- How far each user's alerts have gone, in timeline_event ids (ids follow time: docs/data.md).
-- mailed_up_to: the newest event a digest covered; it moves in the transaction that queues the
-- digest mail, with this row locked, so an event is mailed once whatever the number of
-- instances. read_up_to: the newest event the user marked read; the unread count counts the
-- chosen events above it. Both start at the newest event when the row is made.
-- digest_at: when a digest last covered this user (a run mails a user once per digest period).
CREATE TABLE alert_state (
  user_id      bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  mailed_up_to bigint      NOT NULL,
  read_up_to   bigint      NOT NULL,
  digest_at    timestamptz,
  read_at      timestamptz
);

-- The unsubscribe link carries a token signed for one user (server/src/alerts/unsubscribe-token.ts);
-- its use is kept here, so an operator sees who left the digest through a mail and when.
CREATE TABLE alert_unsubscribe (
  id              bigserial   PRIMARY KEY,
  user_id         bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unsubscribed_at timestamptz NOT NULL DEFAULT now(),
  -- 'page' (the confirmation page) or 'one-click' (RFC 8058 List-Unsubscribe-Post)
  via             text        NOT NULL CHECK (via IN ('page', 'one-click'))
);
CREATE INDEX alert_unsubscribe_user_idx ON alert_unsubscribe (user_id);
