import { describe, expect, it } from 'vitest';
import { webEn } from './webResources.en.ts';
import { webFr } from './webResources.ts';

// Words French and English share: the only titles allowed to read the same in both.
const SAME_IN_BOTH = new Set(['Audits', 'Logs', 'Activation', 'Police', 'Police Assure']);

describe('web page titles', () => {
  it('are French in French (the tab read "Reset your password" and "Settings")', () => {
    const fr = webFr.web.title as Record<string, string>;
    const en = webEn.web.title as Record<string, string>;
    const untranslated = Object.keys(fr).filter(
      (key) => fr[key] === en[key] && !SAME_IN_BOTH.has(fr[key] ?? ''),
    );
    expect(untranslated).toEqual([]);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
});
