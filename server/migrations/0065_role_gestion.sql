-- ROLE_GESTION: the insurer's back office, granted its permissions by core's
-- table (core/src/permissions/table.ts). Idempotent, since the disputes work may add it too.
INSERT INTO authorities (name) VALUES ('ROLE_GESTION') ON CONFLICT (name) DO NOTHING;
