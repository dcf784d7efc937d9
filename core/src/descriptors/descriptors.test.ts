import { Schema } from 'effect';
import { expect, it, describe as suite } from 'vitest';
import { resources } from '../i18n/resources.ts';
import { listSpecOf } from '../lists/listSpecs.ts';
import { COMMISSION_FIELDS, canSeeColumn } from '../permissions/permissions.ts';
import { describe, fieldsOf } from './descriptor.ts';
import { text } from './field.ts';
import { DESCRIPTORS } from './index.ts';
import { policeDescriptor } from './police.ts';
import { domainSchema, fieldMetaOf } from './schema.ts';

/** The policy descriptor with one more field, as a developer would add it: one entry. */
const withThrowAwayField = describe({
  ...policeDescriptor,
  fields: {
    ...policeDescriptor.fields,
    essaiJetable: text('Essai jetable', { scope: 'COMPTA', searchable: true, list: { offer: 99, show: 99 } }),
  },
});

suite('descriptors', () => {
  it('give every field a label in both languages', () => {
    for (const [id, descriptor] of Object.entries(DESCRIPTORS)) {
      for (const field of fieldsOf(descriptor)) {
        for (const language of ['fr', 'en'] as const) {
          const labels = resources[language].translation.fields as Record<string, string>;
          expect(labels[field.label], `${id}.${field.name} (${language})`).toBeTruthy();
        }
      }
    }
  });

  it('carry their description into the domain schema as an annotation', () => {
    const schema = domainSchema(policeDescriptor);
    const meta = fieldMetaOf(schema.fields.idPolice);
    expect(meta).toMatchObject({ wire: 'id', header: 'Id police', label: 'idPolice' });
  });

  it('derive the list spec, the column scope and the schema of a field added in one place', () => {
    const spec = listSpecOf('police', withThrowAwayField);
    expect(spec.selectableColumns.at(-1)).toBe('essaiJetable');
    expect(spec.defaultColumns.at(-1)).toBe('essaiJetable');
    expect(listSpecOf('police').selectableColumns).not.toContain('essaiJetable');

    const schema = domainSchema(withThrowAwayField);
    const row = Schema.decodeUnknownSync(domainSchema(policeDescriptor))({ id: 1, idPolice: 2 });
    expect(Schema.decodeUnknownSync(schema)({ ...row, essaiJetable: 'x' }).essaiJetable).toBe('x');
    // Absent (a caller without its scope) decodes as null, like every scoped field.
    expect(Schema.decodeUnknownSync(schema)({ id: 1, idPolice: 2 }).essaiJetable).toBeNull();
    expect(fieldsOf(withThrowAwayField).find((f) => f.name === 'essaiJetable')).toMatchObject({
      scope: 'COMPTA',
      searchable: true,
      filter: 'text',
      sortable: true,
    });
  });

  it('are the one source of the column permissions', () => {
    expect(COMMISSION_FIELDS).toContain('montantCommissionTotale');
    expect(canSeeColumn({ authorities: ['ROLE_PORTEFEUILLE'] }, 'tauxCommissionAnnee1')).toBe(false);
    expect(canSeeColumn({ authorities: ['ROLE_COMPTA'] }, 'tauxCommissionAnnee1')).toBe(true);
    expect(canSeeColumn({ authorities: ['ROLE_PORTEFEUILLE'] }, 'ville')).toBe(false);
  });

  it('refuse a key or a sort on a field they do not have', () => {
    // The type refuses it already; the check guards callers the compiler does not see.
    // @ts-expect-error 'nope' is not one of the fields
    expect(() => describe({ ...policeDescriptor, key: 'nope' })).toThrow(/nope/);
    expect(() => describe({ ...policeDescriptor, defaultSort: [{ field: 'nope', dir: 'asc' }] })).toThrow(
      /nope/,
    );
  });
});
