import { Schema } from 'effect';

/**
 * A field the server may leave out or send as `null` (hidden columns are absent from the JSON,
 * docs/api-entities.md): decoded as `null` either way.
 */
export const Nullable = <S extends Schema.Schema.Any>(schema: S) =>
  Schema.optionalWith(Schema.NullOr(schema), { default: () => null });

/** A calendar date on the wire: `yyyy-MM-dd`. Kept as text so no time zone ever shifts it. */
export const IsoDate = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/),
  Schema.brand('IsoDate'),
).annotations({ jsonSchema: { type: 'string', format: 'date' } });
export type IsoDate = typeof IsoDate.Type;

/** An instant on the wire: ISO 8601 date-time (the timeline's `time`, audit timestamps). */
export const IsoDateTime = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/),
  Schema.brand('IsoDateTime'),
).annotations({ jsonSchema: { type: 'string', format: 'date-time' } });
export type IsoDateTime = typeof IsoDateTime.Type;

const hasAtMostDecimals = (digits: number) => (n: number) => {
  const text = String(n);
  if (text.includes('e')) return Number.isInteger(n);
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals <= digits;
};

/**
 * An amount in euros as the server sends it: a JSON number with at most 2 decimals
 * (docs/adr/0002-money.md). Never add two of them as floats: use `toCents` and `sumCents`.
 */
export const Amount = Schema.Number.pipe(
  Schema.finite(),
  Schema.filter(hasAtMostDecimals(2), { message: () => 'an amount has at most 2 decimals' }),
  Schema.brand('Amount'),
).annotations({ jsonSchema: { type: 'number', description: 'euros, at most 2 decimals' } });
export type Amount = typeof Amount.Type;

/** A rate as a fraction (0.125 = 12.5 %), at most 6 decimals. */
export const Rate = Schema.Number.pipe(
  Schema.finite(),
  Schema.filter(hasAtMostDecimals(6), { message: () => 'a rate has at most 6 decimals' }),
);

export const Int = Schema.Number.pipe(Schema.int());

/** A struct field with a description for the OpenAPI document (the schema itself unchanged). */
export const described = <S extends Schema.Schema.All>(schema: S, description: string) =>
  Schema.propertySignature(schema).annotations({ description });

/** An instant as the server writes it (ISO 8601), kept as text and documented as a date-time. */
export const Instant = Schema.String.annotations({ jsonSchema: { type: 'string', format: 'date-time' } });

/** Numeric row id and business keys (`idPolice`, `idBordereau`, `idAssure`). */
export const Id = Schema.Number.pipe(Schema.int()).annotations({ jsonSchema: { type: 'integer' } });
