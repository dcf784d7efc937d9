import type { Amount } from './fields.ts';

/** Integer cents: the only form in which amounts are added (docs/design.md §3). */
export type Cents = number & { readonly __cents: unique symbol };

/**
 * Cents of an amount sent with at most 2 decimals. `Math.round` absorbs the binary
 * representation error of the decimal (12.34 * 100 = 1233.9999999999998).
 *
 * @example toCents(12.34) // 1234
 */
export const toCents = (amount: number | Amount): Cents => Math.round(amount * 100) as Cents;

/** Adds amounts exactly, in cents. */
export const sumCents = (amounts: Iterable<number | null | undefined>): Cents => {
  let total = 0;
  for (const amount of amounts) if (amount !== null && amount !== undefined) total += toCents(amount);
  return total as Cents;
};

/** A decimal string (`"300.30"`, as in `X-Total-Amount`) to cents; undefined when malformed. */
export const parseDecimalCents = (text: string): Cents | undefined => {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, units, fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return (sign === '-' ? -cents : cents) as Cents;
};
