import { keyPaths, resources } from '@extranet/core';
import { describe, expect, it } from 'vitest';
import { en } from './messages.en.ts';
import { fr } from './messages.fr.ts';
import { createTranslator } from './translate.ts';

describe('CLI texts', () => {
  it('French and English have the same keys', () => {
    expect(keyPaths(en).sort()).toEqual(keyPaths(fr).sort());
  });

  it('translates core’s message refs as plain terminal text', () => {
    const t = createTranslator('fr');
    t.addResources(resources);
    expect(t.message({ key: 'login.messages.error.authentication' })).toBe(
      'Échec de la connexion ! Vérifiez vos identifiants et réessayez.',
    );
    // A server key no language knows: its own detail is shown.
    expect(t.message({ key: 'error.somethingNew', params: { text: 'Détail du serveur' } })).toBe(
      'Détail du serveur',
    );
  });
});

describe('core’s texts load on demand', () => {
  it('a CLI key does not load them; the first other key does, once', () => {
    let loads = 0;
    const t = createTranslator('en', () => {
      loads += 1;
      return resources;
    });
    expect(t('cli.logout.done')).toBe('Signed out.');
    expect(loads).toBe(0);
    expect(t.message({ key: 'login.messages.error.authentication' })).toBe(
      'Failed to sign in! Please check your credentials and try again.',
    );
    expect(t('no.such.key')).toBe('no.such.key');
    expect(loads).toBe(1);
  });
});

describe('the CLI translator matches i18next on every text', () => {
  it('same output as i18next for every CLI and core key, in both languages, with parameters', async () => {
    const { default: i18next } = await import('i18next');
    for (const language of ['fr', 'en'] as const) {
      const ours = createTranslator(language);
      ours.addResources(resources);
      const reference = i18next.createInstance();
      await reference.init({
        lng: language,
        fallbackLng: 'fr',
        interpolation: { escapeValue: false },
        resources: { fr: { translation: { cli: fr.cli } }, en: { translation: { cli: en.cli } } },
      });
      for (const [lng, bundle] of Object.entries(resources)) {
        reference.addResourceBundle(lng, 'translation', bundle.translation, true, false);
      }
      const keys = new Set([
        ...keyPaths({ cli: fr.cli }),
        ...keyPaths(resources.fr.translation),
        ...keyPaths(resources.en.translation),
      ]);
      const params = {
        server: 'http://x/',
        login: 'jdupont',
        count: 3,
        entityName: 'police',
        param: 'p',
        text: 't',
      };
      for (const key of keys) {
        const expected = (reference.t(key, params) as string)
          .replace(/<[^>]+>/g, '')
          .replace(/&nbsp;/g, ' ')
          .replace(/&amp;/g, '&');
        expect(ours(key, params), `${language} ${key}`).toBe(expected);
      }
      expect(ours('no.such.key')).toBe('no.such.key');
    }
  });
});
