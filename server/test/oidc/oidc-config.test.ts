/** The OIDC_* variables (config.ts): optional, read whole or refused naming the variable. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const load = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'extranet-oidc-config-'));
  return loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40), ...env }, { cwd: dir });
};

describe('single sign-on configuration', () => {
  it('is off without OIDC_ISSUER', () => {
    expect(load({}).oidc).toBeUndefined();
  });

  it('reads the provider, derives the redirect address from BASE_URL and creates no account by default', () => {
    expect(
      load({
        BASE_URL: 'https://extranet.example.com/',
        OIDC_ISSUER: 'https://login.cabinet.example/realms/courtage',
        OIDC_CLIENT_ID: 'extranet',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_DISPLAY_NAME: 'Annuaire du cabinet',
      }).oidc,
    ).toEqual({
      issuer: 'https://login.cabinet.example/realms/courtage',
      clientId: 'extranet',
      clientSecret: 'secret',
      redirectUri: 'https://extranet.example.com/api/oidc/callback',
      createUsers: false,
      displayName: 'Annuaire du cabinet',
      scopes: 'openid profile email',
    });
    const custom = load({
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'extranet',
      OIDC_REDIRECT_URI: 'https://proxy.example.com/api/oidc/callback',
      OIDC_CREATE_USERS: 'true',
      OIDC_SCOPES: 'profile email',
    }).oidc;
    expect(custom).toMatchObject({
      clientSecret: undefined,
      redirectUri: 'https://proxy.example.com/api/oidc/callback',
      createUsers: true,
      displayName: 'SSO',
      scopes: 'openid profile email',
    });
  });

  it.each([
    [{ OIDC_ISSUER: 'https://idp.example' }, /OIDC_ISSUER needs OIDC_CLIENT_ID/],
    [{ OIDC_CLIENT_ID: 'x' }, /OIDC_CLIENT_ID needs OIDC_ISSUER/],
    [{ OIDC_ISSUER: 'http://idp.example', OIDC_CLIENT_ID: 'x' }, /https/],
    [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER/],
    [
      { OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_CREATE_USERS: 'maybe' },
      /OIDC_CREATE_USERS/,
    ],
    [{ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_SCOPES: 'a "b"' }, /OIDC_SCOPES/],
    [
      { OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_DISPLAY_NAME: 'x'.repeat(41) },
      /OIDC_DISPLAY_NAME/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
