import { describe, expect, it } from 'vitest';
import { InsuredPerson } from '../domain/insured.ts';
import { keyPaths, mergeAreas } from './languages.ts';
import { duplicateKeys, resources } from './resources.ts';

const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** Every message key core itself emits (machines, rules, error mapping); the UIs add their own. */
const EMITTED = [
  'global.messages.validate.login.required',
  'global.messages.validate.login.maxlength',
  'global.messages.validate.login.pattern',
  'global.messages.validate.email.required',
  'global.messages.validate.email.minlength',
  'global.messages.validate.email.maxlength',
  'global.messages.validate.email.invalid',
  ...['newpassword', 'confirmpassword', 'passwordconfirmation'].flatMap((role) =>
    ['required', 'minlength', 'maxlength', 'complexity'].map(
      (rule) => `global.messages.validate.${role}.${rule}`,
    ),
  ),
  'global.messages.error.dontmatch',
  'settings.messages.validate.firstname.required',
  'settings.messages.validate.firstname.maxlength',
  'settings.messages.validate.lastname.required',
  'settings.messages.validate.lastname.maxlength',
  'settings.messages.error',
  'entity.validation.required',
  'entity.validation.maxlength',
  'entity.validation.minlength',
  'entity.validation.patternLogin',
  'register.messages.error.userexists',
  'register.messages.error.emailexists',
  'register.messages.error.fail',
  'reset.request.messages.notfound',
  'error.notFound',
  'lists.ageOutOfRange',
  'lists.ageMinAboveMax',
  'message.refused.type',
  'message.refused.size',
  'message.refused.empty',
  // Problem `message` keys the server sends (grep "message: 'error." in server/src).
  'error.activation',
  'error.reset',
  'error.emailNotFound',
  'error.invalidPassword',
  'error.idnull',
  'error.idexists',
  'error.emailexists',
  'error.import.rejected',
  'error.validation',
  'error.mail.queued',
  'error.mail.unavailable',
  'error.http.400',
  'error.http.404',
  'error.http.413',
  'error.http.429',
  'error.personalDataReads',
  'error.accessdenied',
  'reset.request.messages.error',
  'reset.finish.messages.error',
  'reset.finish.messages.keymissing',
  'password.messages.error',
  'commission.messages.downloadError',
  'userManagement.sync.success',
  'userManagement.sync.failure',
  'userManagement.created',
  'error.server.not.reachable',
  'error.url.not.found',
  'error.field',
  'error.decode',
  'error.unexpected',
  'error.userexists',
  'login.messages.error.authentication',
  'extranetApp.police.created',
  'extranetApp.commissionMouvement.deleted',
];

describe('i18n areas', () => {
  it('defines no key twice across areas', () => {
    expect(duplicateKeys).toEqual([]);
    const duplicates: string[] = [];
    mergeAreas([{ a: { b: 'x' } }, { a: { b: 'y', c: 'z' } }], duplicates);
    expect(duplicates).toEqual(['a.b']);
  });

  it('translates every key core emits, in both languages', () => {
    for (const language of ['fr', 'en'] as const) {
      const missing = EMITTED.filter(
        (key) => typeof lookup(resources[language].translation, key) !== 'string',
      );
      expect(missing, language).toEqual([]);
    }
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
