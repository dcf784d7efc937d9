/**
 * The Fichier des écritures comptables (article A47 A-1 of the Livre des procédures fiscales):
 * 18 columns in this order, a header line, tab-separated, dates `YYYYMMDD`, amounts with a
 * decimal comma; and the same lines as CSV for spreadsheet users (`;`, BOM, like every export).
 */

import type { AccountingSettings } from '@extranet/core/domain/accounting.ts';
import { BOM, csvCell, csvLine } from '../entities/engine/csv.ts';
import type { StatementEntry } from './statements-sql.ts';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

const JOURNAL_LABEL = 'Commissions';
const LABELS = {
  receivable: 'Assureur commissions a recevoir',
  income: 'Commissions de courtage',
  clawback: 'Reprises de commissions',
} as const;

/** '100.10' → '100,10'; amounts reach here as SQL numeric text, never as floats. */
const decimalComma = (amount: string) => amount.replace('.', ',');
const ZERO = '0,00';
const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

type Line = readonly string[];

/**
 * The lines of one statement's entry: the insurer's receivable for the total (a credit when the
 * statement is negative), income credited, clawbacks debited; a zero line is left out.
 */
function entryLines(entry: StatementEntry, number: number, accounts: AccountingSettings): Line[] {
  const common = (account: string, label: string, debit: string, credit: string): Line => [
    accounts.journalCode,
    JOURNAL_LABEL,
    String(number),
    entry.day,
    account,
    label,
    '',
    '',
    entry.idBordereau,
    entry.day,
    `Bordereau ${entry.idBordereau} ${entry.month}`,
    debit,
    credit,
    '',
    '',
    entry.day,
    '',
    '',
  ];
  const lines: Line[] = [];
  const negative = entry.total.startsWith('-');
  const total = negative ? entry.total.slice(1) : entry.total;
  if (!isZero(total)) {
    lines.push(
      negative
        ? common(accounts.receivableAccount, LABELS.receivable, ZERO, decimalComma(total))
        : common(accounts.receivableAccount, LABELS.receivable, decimalComma(total), ZERO),
    );
  }
  if (!isZero(entry.income))
    lines.push(common(accounts.incomeAccount, LABELS.income, ZERO, decimalComma(entry.income)));
  if (!isZero(entry.clawbacks))
    lines.push(common(accounts.clawbackAccount, LABELS.clawback, decimalComma(entry.clawbacks), ZERO));
  return lines;
}

/** Every entry's lines, numbered 1, 2, … in date order; a statement with nothing to book is skipped. */
export function entriesLines(entries: readonly StatementEntry[], accounts: AccountingSettings): Line[] {
  const lines: Line[] = [];
  let number = 0;
  for (const entry of entries) {
    const own = entryLines(entry, number + 1, accounts);
    if (own.length === 0) continue;
    number++;
    lines.push(...own);
  }
  return lines;
}

/** The FEC text: tab-separated, CRLF lines, no tab or line break inside a value. */
export function fecText(lines: readonly Line[]): string {
  const clean = (value: string) => value.replace(/[\t\r\n]/g, ' ');
  return [FEC_COLUMNS, ...lines].map((line) => `${line.map(clean).join('\t')}\r\n`).join('');
}

/** The CSV variant: the same columns and values, `;`-separated with a BOM. */
export function entriesCsv(lines: readonly Line[]): string {
  return BOM + [FEC_COLUMNS, ...lines].map((line) => csvLine(line.map((value) => csvCell(value)))).join('');
}
