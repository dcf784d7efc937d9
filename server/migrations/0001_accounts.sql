-- Accounts: users, their roles, and the persisted audit trail of sign-ins.

CREATE TABLE users (
  id                 bigserial PRIMARY KEY,
  login              varchar(50)  NOT NULL UNIQUE CHECK (login = lower(login)),
  password_hash      varchar(100) NOT NULL,
  first_name         varchar(50),
  last_name          varchar(50),
  email              varchar(100),
  image_url          varchar(256),
  activated          boolean      NOT NULL DEFAULT false,
  lang_key           varchar(6),
  marque             varchar(50),
  code_courtier      varchar(10),
  activation_key     varchar(20),
  reset_key          varchar(20),
  reset_date         timestamptz,
  created_by         varchar(50)  NOT NULL DEFAULT 'system',
  created_date       timestamptz  NOT NULL DEFAULT now(),
  last_modified_by   varchar(50),
  last_modified_date timestamptz
);

-- E-mail addresses are unique whatever their case.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_activation_key_key ON users (activation_key);
CREATE UNIQUE INDEX users_reset_key_key ON users (reset_key);
CREATE INDEX users_code_courtier_idx ON users (code_courtier);

CREATE TABLE authorities (
  name varchar(50) PRIMARY KEY
);

INSERT INTO authorities (name) VALUES
  ('ROLE_USER'),
  ('ROLE_ADMIN'),
  ('ROLE_SUPER_ADMIN'),
  ('ROLE_PORTEFEUILLE'),
  ('ROLE_COMPTA'),
  ('ROLE_COORD'),
  ('ROLE_EXPORT'),
  ('ROLE_GROSSISTE');

CREATE TABLE user_authority (
  user_id        bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  authority_name varchar(50) NOT NULL REFERENCES authorities (name),
  PRIMARY KEY (user_id, authority_name)
);

-- Sign-in successes and failures (AUTHENTICATION_SUCCESS / AUTHENTICATION_FAILURE), kept for
-- management/audits. `data` is a string map such as {"remoteAddress": …, "message": …}.
CREATE TABLE audit_events (
  id         bigserial    PRIMARY KEY,
  principal  varchar(100) NOT NULL,
  event_type varchar(50)  NOT NULL,
  event_date timestamptz  NOT NULL DEFAULT now(),
  data       jsonb        NOT NULL DEFAULT '{}'::jsonb
);

CREATE INDEX audit_events_date_idx ON audit_events (event_date);
CREATE INDEX audit_events_principal_idx ON audit_events (principal, event_date);
