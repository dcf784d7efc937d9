/** The choices of the list filters' multi-selects (docs/product.md §2 'Votre Portefeuille', 'Vos assurés', the statements' Courtier). */
import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import { type Descriptor, valueChoicesOf } from '@extranet/core/descriptors/descriptor.ts';
import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import { policeAssureDescriptor } from '@extranet/core/descriptors/policeAssure.ts';
import { MAX_VALUES } from '../entities/filter-values/distinct.ts';
import { arrayOf, type Json, okJson, operation, pathParam, ref } from './builders.ts';

const PORTFOLIO_ROLES = ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE'];

const distinct = (
  id: string,
  tag: string,
  list: string,
  descriptor: Descriptor,
  roles: readonly string[] = PORTFOLIO_ROLES,
): Json => {
  const choices = valueChoicesOf(descriptor);
  const field = pathParam('field', 'the list field whose values are offered', {
    type: 'string',
    enum: choices.map((choice) => choice.name),
  });
  const withLabel = choices
    .filter((choice) => choice.label)
    .map((choice) => `\`${choice.name}\` (label: \`${choice.label}\`)`)
    .join(', ');
  return {
    get: operation({
      id,
      tag,
      summary: `Distinct values of one filter field of ${list}, in the caller's scope`,
      roles: [...roles],
      description: [
        `The values the caller's own rows hold (the list's row scope), sorted, non-empty, at most ${MAX_VALUES}; send the chosen ones back as \`<field>.in=a,b\` on the list.`,
        withLabel === ''
          ? '`label` is null.'
          : `\`label\` describes a code for ${withLabel}; null otherwise.`,
        'A field outside the enum, or one the caller may not filter on (commission fields need ROLE_COMPTA), is 400 with the field error `UnknownField`, as the list answers for it.',
      ].join('\n\n'),
      params: [field],
      ok: { 200: okJson('the values', arrayOf(ref('FilterValue'))) },
      errors: ['BadRequest'],
    }),
  };
};

export const FILTER_VALUE_PATHS: Record<string, Json> = {
  '/api/police/distinct/{field}': distinct(
    'listPoliceFilterValues',
    'Policies',
    'the policy list',
    policeDescriptor,
  ),
  '/api/police-assures/distinct/{field}': distinct(
    'listPoliceAssureFilterValues',
    'Insured persons',
    'the insured-person list',
    policeAssureDescriptor,
  ),
  '/api/commissions/distinct/{field}': distinct(
    'listCommissionFilterValues',
    'Statements',
    'the statement list',
    commissionDescriptor,
    ['ROLE_ADMIN', 'ROLE_COMPTA'],
  ),
  '/api/anomalies/distinct/{field}': distinct(
    'listAnomalyFilterValues',
    'Anomalies',
    'the anomaly list',
    anomalyDescriptor,
    ['ROLE_ADMIN', 'ROLE_COMPTA'],
  ),
};

export const FILTER_VALUE_SCHEMAS: Record<string, Json> = {
  FilterValue: {
    type: 'object',
    required: ['value', 'label'],
    properties: {
      value: { type: 'string', description: 'the value to filter on' },
      label: { type: ['string', 'null'], description: 'what the code means, where the field is a code' },
    },
  },
};
