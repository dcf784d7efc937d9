-- Activation and password-reset keys are stored as the SHA-256 of the mailed key (hex), so a copy
-- of the database (a backup, a replica, a dump) hands out no key that resets a password.
-- The mailed key is unchanged for the user. Keys already mailed keep working: hashed here.
ALTER TABLE users ALTER COLUMN activation_key TYPE varchar(64), ALTER COLUMN reset_key TYPE varchar(64);
UPDATE users SET activation_key = encode(sha256(convert_to(activation_key, 'UTF8')), 'hex')
 WHERE activation_key IS NOT NULL;
UPDATE users SET reset_key = encode(sha256(convert_to(reset_key, 'UTF8')), 'hex')
 WHERE reset_key IS NOT NULL;
-- TOTP secrets become AES-256-GCM ciphertexts (identity/secret-box.ts), longer than 64 characters;
-- the server encrypts the rows still in clear when it starts (identity/totp-keys.ts).
ALTER TABLE user_two_factor ALTER COLUMN secret TYPE text;
