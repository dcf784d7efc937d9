import { Schema, SchemaAST } from 'effect';
import { Amount, Id, Int, IsoDate, IsoDateTime, Rate } from '../domain/fields.ts';
import { BUSINESS_KEYS, type BusinessKeys } from '../domain/ids.ts';
import type { Descriptor } from './descriptor.ts';
import type { AnyField, Field, FieldMeta, WireType } from './field.ts';

/**
 * The Effect Schema of a descriptor: one property per field, its value schema chosen by the wire
 * type and annotated with the field's whole description (`FieldMetaId`), so a schema read
 * anywhere says what the descriptor says.
 */

export const FieldMetaId: unique symbol = Symbol.for('@extranet/core/descriptors/FieldMeta');

interface ValueSchemas {
  readonly text: typeof Schema.String;
  readonly id: typeof Id;
  readonly integer: typeof Int;
  readonly money: typeof Amount;
  readonly rate: typeof Rate;
  readonly date: typeof IsoDate;
  readonly timestamp: typeof IsoDateTime;
}

const VALUE_SCHEMAS: ValueSchemas = {
  text: Schema.String,
  id: Id,
  integer: Int,
  money: Amount,
  rate: Rate,
  date: IsoDate,
  timestamp: IsoDateTime,
};

/** The schema of a field's present value. */
export type ValueOf<F> =
  F extends Field<'enum', boolean, infer V>
    ? V extends readonly [string, ...string[]]
      ? Schema.Literal<V>
      : never
    : F extends Field<infer W extends Exclude<WireType, 'enum'>, boolean, readonly string[]>
      ? ValueSchemas[W]
      : never;

/** A field's value schema, branded when its name is a business key (`idPolice` …). */
type KeyedValueOf<N, F> = N extends keyof BusinessKeys ? BusinessKeys[N] : ValueOf<F>;

/** The property a field becomes: nullable ones decode null or absent as null. */
export type PropertyOf<N, F> = F extends { readonly nullable: true }
  ? Schema.optionalWith<Schema.NullOr<KeyedValueOf<N, F>>, { default: () => null }>
  : KeyedValueOf<N, F>;

const valueSchema = (name: string, field: AnyField): Schema.Schema.Any => {
  const { wire, values } = field.meta;
  const base =
    name in BUSINESS_KEYS
      ? BUSINESS_KEYS[name as keyof BusinessKeys]
      : wire === 'enum'
        ? Schema.Literal(...((values ?? []) as readonly [string, ...string[]]))
        : VALUE_SCHEMAS[wire];
  return base.annotations({ [FieldMetaId]: field.meta });
};

/** The domain schema a client decodes rows with. */
export const domainSchema = <F extends Readonly<Record<string, AnyField>>, K extends string>(
  descriptor: Descriptor<F, K>,
) =>
  Schema.Struct(
    Object.fromEntries(
      Object.entries(descriptor.fields).map(([name, field]) => {
        const value = valueSchema(name, field);
        return [
          name,
          field.nullable ? Schema.optionalWith(Schema.NullOr(value), { default: () => null }) : value,
        ];
      }),
    ) as { readonly [N in keyof F]: PropertyOf<N, F[N]> },
  );

/**
 * The body of an admin write (docs/api-entities.md), from the same fields as the row: a business
 * key present, every other field absent or null when empty (a row `id` is the server's: absent on
 * create). The entity engine checks a written value as an import checks it.
 */
export const inputSchema = (descriptor: Descriptor): Schema.Schema.Any =>
  Schema.Struct(
    Object.fromEntries(
      Object.entries(descriptor.fields).map(([name, field]) => {
        const value = valueSchema(name, field);
        const required = name === descriptor.key && name !== 'id';
        return [name, required ? value : Schema.optional(Schema.NullOr(value))];
      }),
    ),
  );

/** The description a field's value schema carries, if it was built from a descriptor. */
export const fieldMetaOf = (schema: Schema.Schema.Any): FieldMeta | undefined => {
  const meta = SchemaAST.getAnnotation<FieldMeta>(FieldMetaId)(schema.ast);
  return meta._tag === 'Some' ? meta.value : undefined;
};
