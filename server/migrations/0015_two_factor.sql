-- Two-factor sign-in: a user's TOTP secret once enrolment is confirmed, the last time
-- step accepted (a code is never accepted twice), its single-use recovery codes (SHA-256 only),
-- and the roles an administrator requires it for.
CREATE TABLE user_two_factor (
  user_id     bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret      varchar(64) NOT NULL,
  last_step   bigint      NOT NULL DEFAULT 0,
  enrolled_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE two_factor_recovery_codes (
  user_id   bigint   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash char(64) NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE two_factor_required_roles (
  authority_name varchar(50) PRIMARY KEY REFERENCES authorities (name) ON DELETE CASCADE
);
