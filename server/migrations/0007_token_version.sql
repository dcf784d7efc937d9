-- Tokens end with the password (docs/design.md §9): every token carries the user's row id and this
-- version; a password change or reset and a deactivation raise it, so older tokens are refused.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
