/**
 * The component schemas no endpoint declares: the JHipster problem body and its field errors,
 * which every problem answer of the document names.
 */

import { arrayOf, type Json, ref } from './builders.ts';

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
};
