-- Webhook signing secrets are kept sealed (AES-256-GCM under TOTP_ENCRYPTION_KEY, as the TOTP
-- secrets are): a sealed value is longer than the 100 characters a secret in clear needed. Rows
-- in clear are read as they are and sealed by the server's start-up step, never by SQL (the key
-- comes from configuration).
alter table webhook_endpoint alter column secret type varchar(300);
