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
