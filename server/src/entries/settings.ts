/**
 * The account numbers of a broker's accounting entries (migration 0041): chosen in the settings,
 * else the defaults below (docs/integrations.md "Entries for the books").
 */
import type { AccountingSettings } from '@extranet/core/domain/accounting.ts';
import type { Queryable } from '../db/types.ts';

/**
 * The French chart of accounts' usual choices for a broker: 706 commissions earned, 411 the
 * insurer who owes them, 709 the clawbacks that reduce them.
 */
export const DEFAULT_ACCOUNTING: AccountingSettings = {
  journalCode: 'COM',
  incomeAccount: '706000',
  receivableAccount: '411000',
  clawbackAccount: '709000',
};

export async function accountingSettings(db: Queryable, userId: number): Promise<AccountingSettings> {
  const [row] = await db.query<Record<string, string>>(
    `SELECT journal_code, income_account, receivable_account, clawback_account
       FROM accounting_settings WHERE user_id = $1`,
    [userId],
  );
  if (!row) return DEFAULT_ACCOUNTING;
  return {
    journalCode: row.journal_code!,
    incomeAccount: row.income_account!,
    receivableAccount: row.receivable_account!,
    clawbackAccount: row.clawback_account!,
  };
}

export async function saveAccountingSettings(
  db: Queryable,
  userId: number,
  settings: AccountingSettings,
): Promise<void> {
  await db.query(
    `INSERT INTO accounting_settings (user_id, journal_code, income_account, receivable_account, clawback_account)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET journal_code = $2, income_account = $3, receivable_account = $4,
       clawback_account = $5, updated_at = now()`,
    [
      userId,
      settings.journalCode,
      settings.incomeAccount,
      settings.receivableAccount,
      settings.clawbackAccount,
    ],
  );
}
