/**
 * The component schemas: the JHipster problem body and its field errors, and the write bodies of
 * the business entities generated from their list-engine definitions, themselves derived from
 * core's descriptors (their rows are core's contract, core/src/contract/entities.ts).
 */

import { COLUMN_PERMISSION, PERMISSIONS } from '@extranet/core/permissions/table.ts';
import { commissionResource } from '../entities/commissions/resource.ts';
import type { FieldDef, ResourceDef } from '../entities/engine/fields.ts';
import { mouvementResource } from '../entities/mouvements/resource.ts';
import { policeResource } from '../entities/police/resource.ts';
import { policeAssureResource } from '../entities/police-assures/resource.ts';
import { arrayOf, type Json, ref } from './builders.ts';

/** The resources an administrator writes through the API. */
export const ENTITY_RESOURCES = {
  Police: policeResource,
  PoliceAssure: policeAssureResource,
  Commission: commissionResource,
  CommissionMouvement: mouvementResource,
} as const satisfies Record<string, ResourceDef>;

const nullable = (schema: Json): Json => ({ ...schema, type: [schema.type, 'null'] });

function fieldSchema(field: FieldDef): Json {
  const base: Record<FieldDef['type'], Json> = {
    text: { type: 'string' },
    enum: { type: 'string', enum: field.values ?? [] },
    id: { type: 'integer' },
    integer: { type: 'integer' },
    money: { type: 'number', description: 'amount in euros, with its stored decimals' },
    rate: { type: 'number', description: 'a fraction: 0.125 = 12.5 %' },
    date: { type: 'string', format: 'date' },
    timestamp: { type: 'string', format: 'date-time' },
  };
  const scope =
    field.scope === undefined
      ? undefined
      : `${field.scope === 'COORD' ? 'In lists and exports only' : 'Only'} for ${PERMISSIONS[COLUMN_PERMISSION[field.scope]].join(' or ')}.`;
  const schema = base[field.type];
  const description = [schema.description, field.label, scope].filter(Boolean).join(' — ');
  return { ...(field.name === 'id' ? schema : nullable(schema)), description };
}

/** The body of an admin write: the row's fields, the key required (on PUT by key, the path's wins). */
export function entityInputSchema(resource: ResourceDef): Json {
  return {
    type: 'object',
    description: `Fields of \`${resource.table}\`; \`id\` must be absent on create. Absent or null fields are stored empty, except columns the caller may not see, which keep their values. The server ignores properties outside this schema.`,
    properties: Object.fromEntries(resource.fields.map((field) => [field.name, fieldSchema(field)])),
    required: [resource.key],
    additionalProperties: false,
  };
}

const str = (extra: Json = {}): Json => ({ type: 'string', ...extra });
const int = { type: 'integer' };
const obj = (properties: Json, required: string[] = [], extra: Json = {}): Json => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
/** An answer's shape: every property listed is always sent (null when empty), and no other is. */
const answer = (properties: Json): Json =>
  obj(properties, Object.keys(properties), { additionalProperties: false });

export const SCHEMAS: Json = {
  Problem: obj(
    {
      type: str({ format: 'uri', description: 'http://www.jhipster.tech/problem/<suffix>' }),
      title: str(),
      status: int,
      detail: str(),
      path: str(),
      message: str({ description: 'i18n key, e.g. error.validation' }),
      params: { description: 'entity name or parameters of the message' },
      fieldErrors: arrayOf(ref('FieldError')),
    },
    ['type', 'title', 'status'],
  ),
  FieldError: answer({
    objectName: str(),
    field: str(),
    message: str({ description: 'constraint: NotNull, Size, Pattern…' }),
  }),
  ...Object.fromEntries(
    Object.entries(ENTITY_RESOURCES).flatMap(([name, resource]) => [
      [`${name}Input`, entityInputSchema(resource)],
    ]),
  ),
};
