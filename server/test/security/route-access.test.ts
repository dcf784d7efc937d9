/**
 * Authentication on the matched route, refusing by default: every route the app
 * registers declares an access rule (auth/access.ts), a route without one (or an admin-area
 * route open to others) stops the start-up, and anonymous calls to every route but the declared
 * public ones are 401, whatever spelling of the path reached it (percent-encoded letters, either
 * hex case, a query string). `GET /%61pi/account` answered 500 before: the hook read the raw URL.
 */
import Fastify, { type HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allow, declareContextAccess, needs, PUBLIC, SIGNED_IN } from '../../src/auth/access.ts';
import { createTokenService } from '../../src/auth/jwt.ts';
import { registerAuth } from '../../src/auth/plugin.ts';
import { forEachApp, TEST_JWT_SECRET } from '../helpers.ts';
import { concrete, fakeWebDist } from './routes.ts';

/**
 * The routes anyone may call. A route added here is a decision: add it deliberately, with its
 * `config: { access: PUBLIC }` (the load balancers' probes, docs/design.md §9, belong here).
 */
const PUBLIC_ROUTES = [
  'GET /*', // the built web app's files
  'GET /api/activate',
  'GET /api/alerts/unsubscribe',
  'GET /api/authenticate',
  // Single sign-on: whether it is offered, its start and the provider's return (docs/security.md).
  'GET /api/oidc/authorize',
  'GET /api/oidc/callback',
  'GET /api/oidc/provider',
  'GET /api/profile-info',
  'GET /management/health',
  'GET /management/health/liveness',
  'GET /management/health/readiness',
  'GET /v3/api-docs',
  'POST /api/account/reset-password/finish',
  'POST /api/account/reset-password/init',
  'POST /api/alerts/unsubscribe',
  'POST /api/authenticate',
  // The one-time hand-off code and its verifier are the credentials here.
  'POST /api/oidc/token',
  'POST /api/register',
];

/** The same URL with every letter of its fixed segments percent-encoded, in lower- or upper-case hex. */
const encoded = (pattern: string, upper: boolean) =>
  pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') || segment === '*'
        ? concrete(segment)
        : segment.replace(/[a-z]/gi, (c) => {
            const hex = c.charCodeAt(0).toString(16);
            return `%${upper ? hex.toUpperCase() : hex}`;
          }),
    )
    .join('/');

describe('route access', () => {
  const dist = fakeWebDist();

  forEachApp(
    (_kind, ctx) => {
      const routes = () => [...ctx().app.routeAccess.entries()];

      it('every registered route has a rule, and exactly the declared ones are public', () => {
        expect(routes().length).toBeGreaterThan(100); // about 70 routes and the HEAD twins of the GET ones
        const open = routes()
          .filter(([key, access]) => access === 'public' && !key.startsWith('HEAD '))
          .map(([key]) => key)
          .sort();
        expect(open).toEqual(PUBLIC_ROUTES);
        // The table is the router's own routes (onRoute fills it as each is registered).
        for (const [key] of routes()) {
          const [method, url] = key.split(' ') as [HTTPMethods, string];
          expect(ctx().app.hasRoute({ method, url }), key).toBe(true);
        }
      });

      it('refuses anonymous callers on every other route, however the path is spelt', async () => {
        let checked = 0;
        for (const [key, access] of routes()) {
          if (access === 'public') continue;
          const [method, pattern] = key.split(' ') as [HTTPMethods, string];
          for (const url of [
            concrete(pattern),
            encoded(pattern, false),
            encoded(pattern, true),
            `${encoded(pattern, false)}?page=0&size=1`,
          ]) {
            for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
              const response = await ctx().app.inject({ method, url, headers });
              expect(response.statusCode, `${method} ${url}`).toBe(401);
              if (method !== 'HEAD') {
                expect(response.headers['content-type'], `${method} ${url}`).toContain(
                  'application/problem+json',
                );
              }
              checked += 1;
            }
          }
        }
        expect(checked).toBeGreaterThan(700);
      });

      it("applies the matched route's rule to an encoded path: /%61pi/account is /api/account", async () => {
        const anonymous = await ctx().app.inject({ method: 'GET', url: '/%61pi/account' });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
        const signedIn = await ctx().app.inject({
          method: 'GET',
          url: '/%61pi/%61ccount',
          headers: await ctx().auth('courtier'),
        });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.json()).toMatchObject({ login: 'courtier' });
        const forbidden = await ctx().app.inject({
          method: 'GET',
          url: '/%6Danagement/%6Detrics',
          headers: await ctx().auth('courtier'),
        });
        expect(forbidden.statusCode).toBe(403);
        const users = await ctx().app.inject({
          method: 'GET',
          url: '/api/%75sers',
          headers: await ctx().auth('courtier'),
        });
        expect(users.statusCode).toBe(403);
      });

      it('tells anonymous callers nothing of which API paths exist: 401 for unknown ones too', async () => {
        for (const url of ['/api/nope', '/%61pi/nope', '/API/nope', '/management/nope', '/api/police/']) {
          const anonymous = await ctx().app.inject({ method: 'GET', url });
          expect(anonymous.statusCode, url).toBe(401);
        }
        const signedIn = await ctx().app.inject({
          method: 'GET',
          url: '/api/nope',
          headers: await ctx().auth('courtier'),
        });
        expect(signedIn.statusCode).toBe(404);
        expect((await ctx().app.inject({ method: 'GET', url: '/nope.js' })).statusCode).toBe(404);
      });

      it('serves the public routes and the web app to anonymous callers', async () => {
        expect((await ctx().app.inject({ method: 'GET', url: '/api/profile-info' })).statusCode).toBe(200);
        expect((await ctx().app.inject({ method: 'GET', url: '/%61pi/profile-info' })).statusCode).toBe(200);
        expect((await ctx().app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
        expect((await ctx().app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      });
    },
    { env: { WEB_DIST: dist } },
  );
});

describe('routes without a rule', () => {
  const tokens = createTokenService(TEST_JWT_SECRET);
  const db = {} as never; // never queried: no request is sent
  const app = () => {
    const instance = Fastify({ logger: false });
    registerAuth(instance, db, tokens);
    return instance;
  };

  it('stop the start-up, in the app and in any plugin', async () => {
    const bare = app();
    expect(() => bare.get('/api/forgotten', async () => 'x')).toThrow(
      /GET \/api\/forgotten declares no access rule/,
    );
    const plugin = app();
    const loading = (async () => {
      await plugin.register(async (child) => {
        child.post('/api/other', async () => 'x');
      });
      await plugin.ready();
    })();
    await expect(loading).rejects.toThrow(/POST \/api\/other declares no access rule/);
  });

  it("stop the start-up when an administrators' area is opened to others", () => {
    for (const url of ['/management/thing', '/api/users/x', '/api/admin/y', '/api/portail_user/z']) {
      expect(() => app().get(url, allow(SIGNED_IN), async () => 'x'), url).toThrow(/administrators' area/);
    }
    expect(() => app().get('/management/ok', allow(needs('management.read')), async () => 'x')).not.toThrow();
    expect(() => app().get('/management/health/liveness', allow(PUBLIC), async () => 'x')).not.toThrow();
  });

  it('take the rule a plugin context declares for routes it cannot configure', async () => {
    const instance = Fastify({ logger: false });
    const table = registerAuth(instance, db, tokens);
    await instance.register(async (child) => {
      declareContextAccess(child, PUBLIC);
      child.get('/static/*', async () => 'file');
    });
    await instance.ready();
    expect(table.get('GET /static/*')).toBe('public');
    expect(table.get('HEAD /static/*')).toBe('public');
    expect((await instance.inject({ method: 'GET', url: '/static/a' })).body).toBe('file');
    await instance.close();
  });
});
