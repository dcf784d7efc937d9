/**
 * The choices of the list filters' multi-selects (docs/product.md §2 'Votre Portefeuille', 'Vos
 * assurés', the statements' Courtier): the distinct values of one filter field over the caller's
 * own rows.
 */
import { Schema } from 'effect';
import { anomalyDescriptor } from '../descriptors/anomaly.ts';
import { commissionDescriptor } from '../descriptors/commission.ts';
import { type Descriptor, type ValueChoice, valueChoicesOf } from '../descriptors/descriptor.ts';
import { policeDescriptor } from '../descriptors/police.ts';
import { policeAssureDescriptor } from '../descriptors/policeAssure.ts';
import type { Permission } from '../permissions/table.ts';
import { endpoint } from './endpoint.ts';

/** Enough for every broker of a large network; a menu longer than this is no menu. */
export const MAX_FILTER_VALUES = 5_000;

/** One choice of a list filter's multi-select: the value sent back with `in`, and what a code means. */
export const FilterChoice = Schema.Struct({
  value: Schema.String.annotations({ description: 'the value to filter on' }),
  label: Schema.NullOr(Schema.String).annotations({
    description: 'what the code means, where the field is a code',
  }),
}).annotations({ identifier: 'FilterValue' });
export type FilterChoice = typeof FilterChoice.Type;

/**
 * One list's `GET <base>/distinct/{field}`. The field is any text on the wire: one outside the
 * list's choices, or one the caller may not filter on, is the list's own 400 (`UnknownField`),
 * which the handler answers, not a path refusal.
 */
const distinct = (
  id: string,
  group: string,
  base: string,
  list: string,
  descriptor: Descriptor,
  access: Permission,
) => {
  const choices = valueChoicesOf(descriptor);
  const withLabel = choices
    .filter((choice) => choice.label)
    .map((choice) => `\`${choice.name}\` (label: \`${choice.label}\`)`)
    .join(', ');
  return endpoint({
    id,
    group,
    method: 'GET',
    path: `${base}/distinct/{field}`,
    summary: `Distinct values of one filter field of ${list}, in the caller's scope`,
    description: [
      `The values the caller's own rows hold (the list's row scope), sorted, non-empty, at most ${MAX_FILTER_VALUES}; send the chosen ones back as \`<field>.in=a,b\` on the list.`,
      withLabel === '' ? '`label` is null.' : `\`label\` describes a code for ${withLabel}; null otherwise.`,
      'A field outside the enum, or one the caller may not filter on (commission fields need a role of `columns.commission`), is 400 with the field error `UnknownField`, as the list answers for it.',
    ].join('\n\n'),
    access,
    params: Schema.Struct({
      field: Schema.String.annotations({
        jsonSchema: {
          type: 'string',
          enum: choices.map((choice) => choice.name),
          description: 'the list field whose values are offered',
        },
      }),
    }),
    success: { status: 200, description: 'the values', schema: Schema.Array(FilterChoice) },
    errors: ['BadRequest'],
  });
};

export const filterValues = {
  police: distinct(
    'listPoliceFilterValues',
    'Policies',
    '/api/police',
    'the policy list',
    policeDescriptor,
    'portfolio.read',
  ),
  insured: distinct(
    'listPoliceAssureFilterValues',
    'Insured persons',
    '/api/police-assures',
    'the insured-person list',
    policeAssureDescriptor,
    'portfolio.read',
  ),
  commissions: distinct(
    'listCommissionFilterValues',
    'Statements',
    '/api/commissions',
    'the statement list',
    commissionDescriptor,
    'commissions.read',
  ),
  anomalies: distinct(
    'listAnomalyFilterValues',
    'Anomalies',
    '/api/anomalies',
    'the anomaly list',
    anomalyDescriptor,
    'commissions.read',
  ),
};

/** The lists that offer filter choices, by their endpoint's name. */
export type FilterChoiceList = keyof typeof filterValues;

/** The fields each list offers choices for (what its `{field}` may name). */
export const FILTER_CHOICE_FIELDS: Record<FilterChoiceList, readonly ValueChoice[]> = {
  police: valueChoicesOf(policeDescriptor),
  insured: valueChoicesOf(policeAssureDescriptor),
  commissions: valueChoicesOf(commissionDescriptor),
  anomalies: valueChoicesOf(anomalyDescriptor),
};
