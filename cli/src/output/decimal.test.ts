import { InsuredPerson } from '@extranet/core/domain/insured.ts';
import { Policy } from '@extranet/core/domain/policy.ts';
import { CommissionStatement, RecapLine } from '@extranet/core/domain/statement.ts';
import { type Schema, SchemaAST } from 'effect';
import { describe, expect, it } from 'vitest';
import { decimal, MONEY_FIELDS, moneyText, withDecimalMoney } from './decimal.ts';

/** Whether a schema's AST holds core's `Amount` brand anywhere (nullable, optional…). */
const hasAmountBrand = (node: unknown, seen = new Set<unknown>()): boolean => {
  if (typeof node !== 'object' || node === null || seen.has(node)) return false;
  seen.add(node);
  const brands = (node as { annotations?: Record<symbol, unknown> }).annotations?.[
    SchemaAST.BrandAnnotationId
  ];
  if (Array.isArray(brands) && brands.includes('Amount')) return true;
  return Object.values(node).some((child) => hasAmountBrand(child, seen));
};

/** Fields whose type is core's `Amount`, read from core's schema. */
const amountFields = (schema: {
  readonly fields: Readonly<Record<string, Schema.Schema.All | Schema.PropertySignature.All>>;
}) =>
  Object.entries(schema.fields)
    .filter(([, field]) => hasAmountBrand(field.ast))
    .map(([name]) => name)
    .sort();

describe('money in JSON', () => {
  it('the CLI’s money fields are exactly core’s Amount fields', () => {
    expect([...MONEY_FIELDS.police].sort()).toEqual(amountFields(Policy));
    expect([...MONEY_FIELDS.assures].sort()).toEqual(amountFields(InsuredPerson));
    expect([...MONEY_FIELDS.commission].sort()).toEqual(amountFields(CommissionStatement));
    expect([...MONEY_FIELDS.recap].sort()).toEqual(amountFields(RecapLine));
  });

  it('decimal strings, exact to the cent', () => {
    expect(decimal(123456)).toBe('1234.56');
    expect(decimal(-5)).toBe('-0.05');
    expect(moneyText(12.34)).toBe('12.34');
    expect(moneyText(0.1 + 0.2)).toBe('0.30');
    expect(moneyText(null)).toBeNull();
    expect(
      withDecimalMoney({ montant: 3, nb: 3, soldePrecedent: null }, ['montant', 'soldePrecedent']),
    ).toEqual({
      montant: '3.00',
      nb: 3,
      soldePrecedent: null,
    });
  });
});
