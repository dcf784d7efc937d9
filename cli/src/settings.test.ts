import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n/translate.ts';
import { readSettings } from './settings.ts';

const t = createTranslator('en');

describe('environment settings', () => {
  it('defaults, and valid values', () => {
    expect(readSettings({}, t)).toEqual({ timeoutMs: 30_000, debug: false, token: undefined });
    expect(
      readSettings({ EXTRANET_TIMEOUT: '500', EXTRANET_DEBUG: 'true', EXTRANET_TOKEN: 'a.b.c' }, t),
    ).toEqual({
      timeoutMs: 500,
      debug: true,
      token: 'a.b.c',
    });
    expect(readSettings({ EXTRANET_DEBUG: '0' }, t, true).debug).toBe(true); // --debug wins
  });

  it.each([
    [{ EXTRANET_TIMEOUT: 'abc' }, 'Invalid EXTRANET_TIMEOUT "abc"'],
    [{ EXTRANET_TIMEOUT: '0' }, 'Invalid EXTRANET_TIMEOUT "0"'],
    [{ EXTRANET_TIMEOUT: '30s' }, 'Invalid EXTRANET_TIMEOUT "30s"'],
    [{ EXTRANET_DEBUG: 'yes please' }, 'Invalid EXTRANET_DEBUG "yes please"'],
    [{ EXTRANET_LANG: 'de' }, 'Invalid EXTRANET_LANG "de"'],
    [{ EXTRANET_TOKEN: 'not a jwt' }, 'Invalid EXTRANET_TOKEN'],
  ])('%j is refused with exit 2', (env, text) => {
    expect(() => readSettings(env, t)).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringContaining(text) }),
    );
  });
});
