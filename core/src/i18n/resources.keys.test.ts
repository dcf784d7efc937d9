import { describe, expect, it } from 'vitest';
import { InsuredPerson } from '../domain/insured.ts';
import { keyPaths, mergeAreas } from './languages.ts';
import { duplicateKeys, resources } from './resources.ts';

const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('i18n areas', () => {
  it('defines no key twice across areas', () => {
    expect(duplicateKeys).toEqual([]);
    const duplicates: string[] = [];
    mergeAreas([{ a: { b: 'x' } }, { a: { b: 'y', c: 'z' } }], duplicates);
    expect(duplicates).toEqual(['a.b']);
  });

  it('has the exact English texts of docs/product.md §5 and §8', () => {
    const en = resources.en.translation;
    expect(lookup(en, 'global.messages.error.dontmatch')).toBe(
      'The password and its confirmation do not match!',
    );
    expect(lookup(en, 'reset.finish.messages.keymissing')).toBe('The password reset key is missing.');
    expect(lookup(en, 'userManagement.delete.title')).toBe('Confirm delete operation');
    expect(lookup(resources.fr.translation, 'commission.messages.downloadError')).toBe(
      'Impossible de télécharger ce bordereau !',
    );
    expect(keyPaths(en).length).toBeGreaterThan(400);
  });

  it('labels every insured-person field in both languages (the generic page shows them all)', () => {
    for (const language of ['fr', 'en'] as const) {
      const missing = Object.keys(InsuredPerson.fields).filter(
        (field) => typeof lookup(resources[language].translation, `fields.${field}`) !== 'string',
      );
      expect(missing, language).toEqual([]);
    }
  });
});
