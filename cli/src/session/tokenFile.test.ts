import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate.ts';
import { configDir } from './configDir.ts';
import { envTokenStore, fileTokenStore } from './tokenFile.ts';

const t = createTranslator('en');
const folder = () => join(mkdtempSync(join(tmpdir(), 'extranet-token-')), 'extranet');

describe('token file', () => {
  it('saves 0600 in a 0700 folder, one session per server, each loaded only for its server', () => {
    const dir = folder();
    const a = fileTokenStore(dir, 'http://a/', t, () => {});
    a.save('tok-a', true);
    expect(statSync(join(dir, 'token.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(a.path, 'utf8')).sessions['http://a/']).toMatchObject({
      token: 'tok-a',
      remember: true,
    });
    const b = fileTokenStore(dir, 'http://b/', t, () => {});
    expect(b.load()).toBeUndefined();
    b.save('tok-b', false); // a second server keeps its own session beside a's
    expect(a.load()).toBe('tok-a');
    expect(b.load()).toBe('tok-b');
    expect(a.servers().sort()).toEqual(['http://a/', 'http://b/']);
    b.clear();
    expect(a.load()).toBe('tok-a');
    a.replace('tok-a2'); // a renewed token keeps the session's remember-me
    expect(JSON.parse(readFileSync(a.path, 'utf8')).sessions['http://a/']).toMatchObject({
      token: 'tok-a2',
      remember: true,
    });
    a.clear();
    expect(a.load()).toBeUndefined();
    expect(() => statSync(a.path)).toThrow(); // no session left: no file
  });

  it('still reads the single-session file of earlier versions', () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'token.json'),
      JSON.stringify({ server: 'http://a/', token: 'old', remember: false }),
      {
        mode: 0o600,
      },
    );
    expect(fileTokenStore(dir, 'http://a/', t, () => {}).load()).toBe('old');
    expect(fileTokenStore(dir, 'http://b/', t, () => {}).load()).toBeUndefined();
  });

  it('repairs a token file others can read to 0600, with a warning', () => {
    const dir = folder();
    const store = fileTokenStore(dir, 'http://a/', t, () => {});
    store.save('tok', false);
    chmodSync(store.path, 0o644);
    const warnings: string[] = [];
    expect(fileTokenStore(dir, 'http://a/', t, (line) => warnings.push(line)).load()).toBe('tok');
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([
      `warning: ${store.path} could be read by others (mode 644); its mode is now 600.`,
    ]);
  });

  it('EXTRANET_TOKEN: the environment token, never written nor removed', () => {
    const dir = folder();
    const file = fileTokenStore(dir, 'http://a/', t, () => {});
    const env = envTokenStore('x.y.z', file);
    expect(env.load()).toBe('x.y.z');
    expect(env.source).toBe('env');
    env.save('other', true);
    env.clear();
    expect(file.load()).toBeUndefined();
  });

  it('lives in EXTRANET_CONFIG_DIR, else XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configDir({ EXTRANET_CONFIG_DIR: '/x', XDG_CONFIG_HOME: '/y' })).toBe('/x');
    expect(configDir({ XDG_CONFIG_HOME: '/y', HOME: '/h' })).toBe('/y/extranet');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/extranet');
  });
});
