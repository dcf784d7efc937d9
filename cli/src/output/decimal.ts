import { type Descriptor, fieldsOf } from '@extranet/core/descriptors/descriptor.ts';
import { DESCRIPTORS } from '@extranet/core/descriptors/index.ts';
import { toCents } from '@extranet/core/domain/money.ts';

/** Decimal text of integer cents (`"1234.50"`): exact, and what scripts parse. */
export const decimal = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** An amount in euros as sent by the API (a JSON number) → its decimal string; null stays null. */
export const moneyText = (amount: number | null | undefined): string | null =>
  amount === null || amount === undefined ? null : decimal(toCents(amount));

const moneyOf = (descriptor: Descriptor): readonly string[] =>
  fieldsOf(descriptor)
    .filter((field) => field.wire === 'money')
    .map((field) => field.name);

/**
 * The money fields of each resource, as its descriptor types them (the recap, which has none, as
 * core's `RecapLine`; `decimal.test.ts` checks them against core's schemas). In every JSON
 * document the CLI prints, these are decimal strings.
 */
export const MONEY_FIELDS = {
  police: moneyOf(DESCRIPTORS.police),
  assures: moneyOf(DESCRIPTORS.assures),
  commission: moneyOf(DESCRIPTORS.commission),
  mouvements: moneyOf(DESCRIPTORS.mouvements),
  recap: ['montant'],
} as const;

/** A row with its money fields as decimal strings, the other fields untouched. */
export const withDecimalMoney = <T extends object>(row: T, fields: readonly string[]): T => {
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'number') copy[field] = moneyText(value);
  }
  return copy as T;
};
