import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from './configDir.ts';
import { fileTokenStore } from './tokenFile.ts';

describe('token file', () => {
  it('saves 0600 in a 0700 folder, and loads only for the server that issued it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'extranet-token-')), 'extranet');
    const a = fileTokenStore(dir, 'http://a/');
    a.save('tok-a', true);
    expect(statSync(join(dir, 'token.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(a.path, 'utf8'))).toMatchObject({
      server: 'http://a/',
      token: 'tok-a',
      remember: true,
    });
    expect(a.load()).toBe('tok-a');
    const b = fileTokenStore(dir, 'http://b/');
    expect(b.load()).toBeUndefined();
    b.clear(); // another server's sign-out leaves a's session alone
    expect(a.load()).toBe('tok-a');
    a.clear();
    expect(a.load()).toBeUndefined();
  });

  it('lives in EXTRANET_CONFIG_DIR, else XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configDir({ EXTRANET_CONFIG_DIR: '/x', XDG_CONFIG_HOME: '/y' })).toBe('/x');
    expect(configDir({ XDG_CONFIG_HOME: '/y', HOME: '/h' })).toBe('/y/extranet');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/extranet');
  });
});
