-- The account numbers a broker's accounting entries use (docs/integrations.md "Entries for the
-- books"); a user without a row gets the documented defaults.
CREATE TABLE accounting_settings (
  user_id            bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  journal_code       varchar(10) NOT NULL,
  income_account     varchar(20) NOT NULL,
  receivable_account varchar(20) NOT NULL,
  clawback_account   varchar(20) NOT NULL,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
