/**
 * An independent reading of a FEC file (article A47 A-1 LPF) for the tests: the 18 columns in
 * order, every line complete, dates `YYYYMMDD` within the period, amounts with a decimal comma,
 * entries numbered without gaps and balanced to the cent. Amounts are read as integer cents.
 */
export const A47_COLUMNS = [
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
];

export type FecRecord = Record<(typeof A47_COLUMNS)[number], string>;

export interface FecEntry {
  readonly num: string;
  readonly pieceRef: string;
  readonly lines: readonly FecRecord[];
  readonly debitCents: number;
  readonly creditCents: number;
}

const cents = (amount: string, where: string): number => {
  const match = /^(\d+),(\d{2})$/.exec(amount);
  if (!match)
    throw new Error(`${where}: amount "${amount}" is not digits with a decimal comma and two places`);
  return Number(match[1]) * 100 + Number(match[2]);
};

const isDay = (value: string) => {
  if (!/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
};

/** Throws at the first rule broken; returns the entries. `from`/`to` are `YYYY-MM`. */
export function validateFec(text: string, from: string, to: string, separator = '\t'): FecEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  if (lines.at(-1) !== '') throw new Error('the file does not end with a line break');
  lines.pop();
  const header = lines.shift()?.split(separator);
  if (JSON.stringify(header) !== JSON.stringify(A47_COLUMNS))
    throw new Error(`header ${JSON.stringify(header)}`);
  const first = `${from.replace('-', '')}01`;
  const last = `${to.replace('-', '')}31`;
  const entries = new Map<string, FecRecord[]>();
  lines.forEach((line, index) => {
    const where = `line ${index + 2}`;
    const cells = line.split(separator);
    if (cells.length !== 18) throw new Error(`${where}: ${cells.length} columns`);
    const record = Object.fromEntries(A47_COLUMNS.map((name, i) => [name, cells[i]!])) as FecRecord;
    for (const name of [
      'JournalCode',
      'JournalLib',
      'EcritureNum',
      'CompteNum',
      'CompteLib',
      'PieceRef',
      'EcritureLib',
    ])
      if (record[name] === '') throw new Error(`${where}: ${name} is empty`);
    for (const name of ['EcritureDate', 'PieceDate', 'ValidDate']) {
      if (!isDay(record[name]!))
        throw new Error(`${where}: ${name} "${record[name]}" is not a YYYYMMDD date`);
      if (record[name]! < first || record[name]! > last)
        throw new Error(`${where}: ${name} outside the period`);
    }
    const debit = cents(record.Debit!, where);
    const credit = cents(record.Credit!, where);
    if ((debit === 0) === (credit === 0)) throw new Error(`${where}: a line is a debit or a credit`);
    entries.set(record.EcritureNum!, [...(entries.get(record.EcritureNum!) ?? []), record]);
  });
  const result: FecEntry[] = [];
  let expected = 1;
  for (const [num, records] of entries) {
    if (num !== String(expected++)) throw new Error(`entry ${num} out of sequence`);
    const debitCents = records.reduce((sum, r) => sum + cents(r.Debit!, num), 0);
    const creditCents = records.reduce((sum, r) => sum + cents(r.Credit!, num), 0);
    if (debitCents !== creditCents)
      throw new Error(`entry ${num} is not balanced: ${debitCents} ≠ ${creditCents}`);
    const refs = new Set(records.map((r) => r.PieceRef));
    const days = new Set(records.map((r) => r.EcritureDate));
    if (refs.size !== 1 || days.size !== 1) throw new Error(`entry ${num} mixes pieces or dates`);
    result.push({ num, pieceRef: records[0]!.PieceRef!, lines: records, debitCents, creditCents });
  }
  return result;
}
