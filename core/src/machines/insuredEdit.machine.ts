import type { InsuredPerson } from '../domain/insured.ts';
import { createFormFlow, type FormValues } from './formFlow.ts';

/**
 * The insured person's own fields the edit popup changes; the rest of the row goes back unchanged
 * but the NIR: the server sends it masked (docs/security.md "Data protection"), so it is neither
 * edited nor sent back, and the server keeps the stored one.
 */
export const INSURED_EDIT_FIELDS = [
  'rang',
  'sexe',
  'organismeAffiliation',
  'dateNaissance',
  'dateEffet',
  'dateResil',
  'motifResil',
] as const;
type Editable = (typeof INSURED_EDIT_FIELDS)[number];

/** The form's values of a stored row: empty for null. */
export const insuredEditValues = (person: InsuredPerson): FormValues =>
  Object.fromEntries(
    INSURED_EDIT_FIELDS.map((key) => [key, person[key] === null ? '' : String(person[key])]),
  );

/** The row to PUT: empty inputs are nulls; a rank that is not a number goes as typed, for the server to refuse. */
export const insuredEditRow = (person: InsuredPerson, values: FormValues): typeof InsuredPerson.Encoded => {
  const blank = (key: Editable) => {
    const text = (values[key] ?? '').trim();
    return text === '' ? null : text;
  };
  const rang = blank('rang');
  const { numeroSecu: _masked, ...kept } = person;
  return {
    ...kept,
    ...Object.fromEntries(INSURED_EDIT_FIELDS.map((key) => [key, blank(key)])),
    rang: rang === null ? null : Number(rang),
  };
};

/**
 * The 'Police Assure' edit popup (admin only): the server checks every value, so nothing is
 * refused here; a failed save keeps the form with the server's message, a second save retries.
 * Start with `input: { values: insuredEditValues(person) }`; runtimes provide `submit` and, to
 * leave the popup, `submitted`.
 */
export const insuredEditMachine = createFormFlow({
  id: 'insuredEdit',
  fields: Object.fromEntries(INSURED_EDIT_FIELDS.map((key) => [key, ''])),
  validate: () => ({}),
});
