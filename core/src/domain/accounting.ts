import { Schema } from 'effect';

/** Account numbers and journal codes as accounting software accepts them. */
export const ACCOUNT_PATTERN = /^[0-9A-Z]{1,20}$/;
export const JOURNAL_PATTERN = /^[0-9A-Z]{1,10}$/;

const Account = (description: string) =>
  Schema.String.pipe(Schema.pattern(ACCOUNT_PATTERN)).annotations({ description });

/**
 * The account numbers of the caller's accounting entries (docs/integrations.md "Entries for the
 * books"): the journal, commission income, the insurer's receivable and clawbacks.
 */
export const AccountingSettings = Schema.Struct({
  journalCode: Schema.String.pipe(Schema.pattern(JOURNAL_PATTERN)).annotations({
    description: 'the FEC JournalCode (default COM): 1 to 10 capitals or digits',
  }),
  incomeAccount: Account('commission income, credited (default 706000)'),
  receivableAccount: Account("the insurer's receivable, debited with the total (default 411000)"),
  clawbackAccount: Account('clawbacks, debited with the negative lines (default 709000)'),
}).annotations({ identifier: 'AccountingSettings' });
export type AccountingSettings = typeof AccountingSettings.Type;

export const ACCOUNTING_FIELDS = [
  'journalCode',
  'incomeAccount',
  'receivableAccount',
  'clawbackAccount',
] as const;
