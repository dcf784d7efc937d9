/**
 * Regressions for the weaknesses the security suites found (docs/security.md): each was
 * reproduced here first, then fixed in the product; these keep them fixed.
 */
import { describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';

describe('weaknesses found by the security suites, fixed', () => {
  forEachApp((_kind, ctx) => {
    it('the per-login lock-out holds when the same account is tried by its e-mail address', async () => {
      const signIn = (username: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username, password: 'Wrong!Passw0rd1' },
        });
      let status = 0;
      for (let i = 0; i < 20 && status !== 429; i++) status = (await signIn('user')).statusCode;
      expect(status).toBe(429);
      // The limiter keys on the typed username, so the address opens a second allowance.
      expect((await signIn('user@demo.extranet.example')).statusCode).toBe(429);
    });

    it('router errors (bad percent-encoding, over-long path parameter) answer problem+json', async () => {
      const headers = await ctx().auth('admin');
      for (const url of ['/api/police/%ED%A0%80', `/api/police/${'9'.repeat(101)}`]) {
        const response = await ctx().app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toContain('application/problem+json');
      }
    });

    it('GET /management/audits without toDate answers 200', async () => {
      const response = await ctx().app.inject({
        method: 'GET',
        url: '/management/audits',
        headers: await ctx().auth('admin'),
      });
      expect(response.statusCode).toBe(200);
    });

    it('a NUL character in account bodies is a 4xx, never a 500', async () => {
      const admin = await ctx().auth('admin');
      const json = { 'content-type': 'application/json' };
      const calls = [
        { url: '/api/authenticate', payload: { username: 'a\u0000b', password: 'whatever' } },
        {
          url: '/api/register',
          payload: { login: 'nul', email: 'nul@example.com', password: 'Str0ng!Pass\u0000word' },
        },
        {
          url: '/api/account',
          payload: { login: 'admin', firstName: '\u0000', lastName: 'x', email: 'admin@example.com' },
          headers: admin,
        },
        {
          url: '/api/users',
          payload: { login: 'nul2', email: 'nul2@example.com', marque: 'U\u0000CR' },
          headers: admin,
        },
      ];
      for (const call of calls) {
        const response = await ctx().app.inject({
          method: 'POST',
          url: call.url,
          headers: { ...json, ...call.headers },
          payload: JSON.stringify(call.payload),
        });
        expect(response.statusCode, `${call.url} ${response.body}`).toBeLessThan(500);
      }
    });

    it('a caller without the role gets 403 on a write whatever its body (NUL, wrong types)', async () => {
      const courtier = { ...(await ctx().auth('courtier')), 'content-type': 'application/json' };
      const bodies = ['{"idPolice": 1, "nomprenom": "a\\u0000b"}', '{"idPolice": "not a number"}', '[1, 2]'];
      for (const [method, url] of [
        ['POST', '/api/police'],
        ['PUT', '/api/police'],
        ['POST', '/api/users'],
      ] as const) {
        for (const payload of bodies) {
          const response = await ctx().app.inject({ method, url, headers: courtier, payload });
          expect(response.statusCode, `${method} ${url} ${payload}`).toBe(403);
        }
      }
    });

    it('PUT /api/users with an id beyond int8 is a 4xx', async () => {
      const response = await ctx().app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { ...(await ctx().auth('admin')), 'content-type': 'application/json' },
        payload: '{"id": 9223372036854775808, "login": "x", "email": "x@example.com", "marque": "UCR"}',
      });
      expect(response.statusCode).toBeLessThan(500);
    });

    it('PUT /api/users with an id of 320 digits (coerced to Infinity) is a 400', async () => {
      const response = await ctx().app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { ...(await ctx().auth('admin')), 'content-type': 'application/json' },
        payload: JSON.stringify({ id: '9'.repeat(320), login: 'x', email: 'x@example.com', marque: 'UCR' }),
      });
      expect(response.statusCode).toBe(400);
    });
  });
});
