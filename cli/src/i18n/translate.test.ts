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

describe('counts', () => {
  it('pick the plural form by Intl.PluralRules: French says 0 and 1 in the singular, English only 1', () => {
    const fr = createTranslator('fr');
    const en = createTranslator('en');
    const footer = (t: typeof fr, count: number) => t('cli.list.footer', { page: 1, pages: 1, count });
    expect([0, 1, 2].map((n) => footer(fr, n))).toEqual([
      'Page 1/1 — 0 ligne',
      'Page 1/1 — 1 ligne',
      'Page 1/1 — 2 lignes',
    ]);
    expect([0, 1, 2].map((n) => footer(en, n))).toEqual([
      'Page 1/1 — 0 rows',
      'Page 1/1 — 1 row',
      'Page 1/1 — 2 rows',
    ]);
    // French has a "many" form for millions; a text without it takes "other".
    expect(footer(fr, 1_000_000)).toBe('Page 1/1 — 1000000 lignes');
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
      const paths = keyPaths({ cli: fr.cli });
      const keys = new Set([
        ...paths,
        // A counted text is asked for by its base key.
        ...paths.filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, '')),
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
