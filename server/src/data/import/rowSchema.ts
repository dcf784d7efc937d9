import { fieldsOf } from '@extranet/core/descriptors/descriptor.ts';
import { SHAPES, type Shape } from '@extranet/core/descriptors/field.ts';
import { DESCRIPTORS } from '@extranet/core/descriptors/index.ts';
import { Either, ParseResult, Schema } from 'effect';
import { columnOf } from '../../entities/engine/fields.ts';
import type { ImportProblem } from './problems.ts';

/** A column as the catalogue describes it. */
export interface ColumnInfo {
  readonly name: string;
  readonly type: string;
  readonly scale: number | null;
}

export type Value = string | number | null;

const described = Object.values(DESCRIPTORS).flatMap((descriptor) => fieldsOf(descriptor));

/** Closed lists of codes (docs/product.md §4, §9), by column, as the descriptors give them: anything else is an unknown code. */
const codes: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  described.flatMap((field) => (field.codes ? [[columnOf(field.name), field.codes]] : [])),
);

/** Shaped text (identifiers, postal codes, e-mail addresses) by column, as the descriptors give them. */
const shapes: Readonly<Record<string, Shape>> = Object.fromEntries(
  described.flatMap((field) => (field.shape ? [[columnOf(field.name), field.shape]] : [])),
);

const SHAPE_NAMES: Readonly<Record<Shape, string>> = {
  identifier: 'an identifier (a letter or digit first, then letters, digits, spaces, . _ / -)',
  email: 'an e-mail address (a letter, digit or _ first)',
};

/** Integer ranges by column, from the descriptors; recap lines (`ordre`) have no descriptor. */
const intRanges: Readonly<Record<string, readonly [number, number]>> = {
  ...Object.fromEntries(
    described.flatMap((field) => (field.range ? [[columnOf(field.name), field.range]] : [])),
  ),
  ordre: [0, 10_000],
};

const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';

const validDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return m >= 1 && m <= 12 && d >= 1 && d <= length;
};

type Check = (text: string) => Either.Either<Value, string>;

const checkFor = (column: ColumnInfo): Check => {
  const list = codes[column.name];
  if (list)
    return (t) =>
      list.includes(t)
        ? Either.right(t)
        : Either.left(`unknown code "${t}" (expected one of: ${list.join(', ')})`);
  const shape = shapes[column.name];
  if (shape)
    return (t) =>
      t.length > 1000
        ? Either.left('longer than 1000 characters')
        : SHAPES[shape].test(t)
          ? Either.right(t)
          : Either.left(`"${t}" is not ${SHAPE_NAMES[shape]}`);
  switch (column.type) {
    case 'bigint':
      return (t) =>
        /^\d{1,18}$/.test(t) ? Either.right(t) : Either.left(`"${t}" is not an identifier (digits only)`);
    case 'integer': {
      const [min, max] = intRanges[column.name] ?? [-2_147_483_648, 2_147_483_647];
      return (t) => {
        if (!/^-?\d{1,10}$/.test(t)) return Either.left(`"${t}" is not a whole number`);
        const n = Number(t);
        return n < min || n > max ? Either.left(`${n} is out of range (${min} to ${max})`) : Either.right(n);
      };
    }
    case 'numeric': {
      const scale = column.scale ?? 2;
      const pattern = new RegExp(`^(-?)(\\d{1,12})(?:[.,](\\d{1,${scale}}))?$`);
      return (t) => {
        const m = pattern.exec(t.replace(/\s/g, ''));
        if (!m) return Either.left(`"${t}" is not a decimal number with at most ${scale} decimals`);
        const digits = `${m[2]!.replace(/^0+(?=\d)/, '')}.${(m[3] ?? '').padEnd(scale, '0')}`;
        return Either.right(`${m[1] && /[1-9]/.test(digits) ? '-' : ''}${digits}`);
      };
    }
    case 'date':
      return (t) => {
        const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
        const iso = fr ? `${fr[3]}-${fr[2]}-${fr[1]}` : t;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !validDate(iso))
          return Either.left(`"${t}" is not a date (yyyy-MM-dd or dd/MM/yyyy)`);
        if (iso < FIRST_DATE || iso > LAST_DATE)
          return Either.left(`${iso} is out of range (${FIRST_DATE} to ${LAST_DATE})`);
        return Either.right(iso);
      };
    case 'timestamp with time zone':
      return (t) =>
        Number.isNaN(Date.parse(t))
          ? Either.left(`"${t}" is not a date and time`)
          : Either.right(new Date(t).toISOString());
    default:
      return (t) => (t.length > 1000 ? Either.left('longer than 1000 characters') : Either.right(t));
  }
};

/** The effect schema of one column: text (or empty) in, the typed database value out. */
const columnSchema = (column: ColumnInfo, required: boolean) => {
  const check = checkFor(column);
  return Schema.transformOrFail(
    Schema.NullOr(Schema.String),
    Schema.Union(Schema.String, Schema.Number, Schema.Null),
    {
      strict: true,
      decode: (text, _, ast) => {
        if (text === null)
          return required
            ? ParseResult.fail(new ParseResult.Type(ast, text, 'required'))
            : ParseResult.succeed(null);
        return Either.match(check(text), {
          onLeft: (reason) => ParseResult.fail(new ParseResult.Type(ast, text, reason)),
          onRight: (value) => ParseResult.succeed(value),
        });
      },
      encode: (value) => ParseResult.succeed(value === null ? null : String(value)),
    },
  );
};

/**
 * Validates import rows column by column: a schema built from the table's catalogue (types,
 * decimals) and the closed code lists and integer ranges of core's descriptors. Returns the typed row or the problems.
 */
export const rowValidator = (columns: readonly ColumnInfo[], required: ReadonlySet<string>) => {
  const schema = Schema.Struct(
    Object.fromEntries(columns.map((c) => [c.name, columnSchema(c, required.has(c.name))])),
  );
  const decode = Schema.decodeUnknownEither(schema, { errors: 'all' });
  return (
    line: number,
    values: Readonly<Record<string, string | null>>,
    fieldName: (column: string) => string,
  ) => {
    const result = decode(values);
    if (Either.isRight(result)) return { ok: true as const, row: result.right as Record<string, Value> };
    const problems: ImportProblem[] = ParseResult.ArrayFormatter.formatErrorSync(result.left).map(
      (issue) => ({
        line,
        field: issue.path[0] === undefined ? null : fieldName(String(issue.path[0])),
        reason: issue.message,
      }),
    );
    return { ok: false as const, problems };
  };
};
