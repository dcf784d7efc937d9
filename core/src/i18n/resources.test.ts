import { describe, expect, it } from 'vitest';
import { keyPaths } from './languages.ts';
import { resources } from './resources.ts';

describe('i18n resources', () => {
  it('has the same keys in French and English', () => {
    const fr = keyPaths(resources.fr.translation).sort();
    const en = keyPaths(resources.en.translation).sort();
    expect(fr.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !fr.includes(key))).toEqual([]);
    expect(fr.length).toBeGreaterThan(50);
  });

  it('has the messages of docs/product.md §8 in English', () => {
    const en = resources.en.translation as { error: { server: { not: { reachable: string } } } };
    expect(en.error.server.not.reachable).toBe('Server not reachable');
  });
});
