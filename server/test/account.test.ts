import { expect, it } from 'vitest';
import { forEachApp } from './helpers.ts';

forEachApp((_kind, ctx) => {
  it('GET /api/account gives the UserDTO with marque and codeCourtier, and no secret', async () => {
    const response = await ctx().app.inject({
      method: 'GET',
      url: '/api/account',
      headers: await ctx().auth('courtier'),
    });
    expect(response.statusCode).toBe(200);
    const account = response.json() as Record<string, unknown>;
    expect(Object.keys(account).sort()).toEqual(
      [
        'activated',
        'authorities',
        'codeCourtier',
        'createdBy',
        'createdDate',
        'email',
        'firstName',
        'id',
        'imageUrl',
        'langKey',
        'lastModifiedBy',
        'lastModifiedDate',
        'lastName',
        'login',
        'marque',
      ].sort(),
    );
    expect(account).toMatchObject({
      login: 'courtier',
      activated: true,
      langKey: 'fr',
      marque: 'UCR',
      codeCourtier: 'C0001',
      email: 'courtier@demo.extranet.example',
    });
    expect(account.authorities).toEqual([
      'ROLE_COMPTA',
      'ROLE_COORD',
      'ROLE_EXPORT',
      'ROLE_PORTEFEUILLE',
      'ROLE_USER',
    ]);
    expect(typeof account.id).toBe('number');
    expect(Number.isNaN(Date.parse(String(account.createdDate)))).toBe(false);
  });

  it('gives the plain user no brand and only ROLE_USER', async () => {
    const response = await ctx().app.inject({
      method: 'GET',
      url: '/api/account',
      headers: await ctx().auth('user'),
    });
    expect(response.json()).toMatchObject({ login: 'user', marque: null, authorities: ['ROLE_USER'] });
  });

  it('GET /api/profile-info is public and gives the profiles and ribbon', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/profile-info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ activeProfiles: ['dev'], ribbonEnv: null });
  });

  it('refuses anonymous calls to other API and management paths, known or not', async () => {
    for (const url of ['/api/police', '/api/unknown-thing', '/management/metrics']) {
      const response = await ctx().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('answers 404 problems for unknown API paths when signed in, without a stack trace', async () => {
    const response = await ctx().app.inject({
      method: 'GET',
      url: '/api/unknown-thing',
      headers: await ctx().auth('courtier'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 404,
      path: '/api/unknown-thing',
      message: 'error.http.404',
    });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sets the security headers, with a Content-Security-Policy', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/profile-info' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

forEachApp(
  (_kind, ctx) => {
    it('reports the ribbon and profiles that are configured', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/profile-info' });
      expect(response.json()).toEqual({ activeProfiles: ['prod', 'swagger'], ribbonEnv: 'recette' });
    });
  },
  { env: { RIBBON_ENV: 'recette', PROFILES: 'prod,swagger' }, seed: false },
);
