/**
 * Tokens: only an HS512 token signed with our secret, unexpired, for a user who
 * still exists and is active, is accepted; roles always come from the database, never from the
 * token. Extends test/authenticate.test.ts (missing, malformed, tampered payload, foreign key,
 * expired, `alg: none`) with the wrong-algorithm family, the exact expiry edge on the server's
 * clock, deleted users, elevated claims and tokens sent anywhere but the Authorization header.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/accounts/users.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { forEachApp, TEST_HASH_ROUNDS, TEST_JWT_SECRET } from '../helpers.ts';

const SECRET = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
let offsetMs = 0;
const clock = () => Date.now() + offsetMs;

describe('tokens', () => {
  forEachApp(
    (_kind, ctx) => {
      const call = (authorization?: string, url = '/api/account', extra: Record<string, string> = {}) =>
        ctx().app.inject({
          method: 'GET',
          url,
          headers: { ...(authorization === undefined ? {} : { authorization }), ...extra },
        });
      /** A token signed with our secret for `sub`'s row, token version and a session of it (any row for an unknown login). */
      const hs = async (
        alg: string,
        claims: Record<string, unknown> = { auth: 'ROLE_USER' },
        sub = 'courtier',
      ) => {
        const [row] = await ctx().db.query<{ id: number; token_version: number }>(
          'SELECT id, token_version FROM users WHERE login = $1',
          [sub],
        );
        const [session] = row
          ? await ctx().db.query<{ id: number }>(
              `INSERT INTO user_sessions (user_id, device, address, expires_at)
               VALUES ($1, 'test', '127.0.0.1', now() + interval '400 days') RETURNING id`,
              [row.id],
            )
          : [];
        return new SignJWT({
          uid: row?.id ?? 987_654,
          ver: row?.token_version ?? 0,
          sid: Number(session?.id ?? 1),
          ...claims,
        })
          .setProtectedHeader({ alg })
          .setSubject(sub)
          .setIssuedAt(Math.floor(clock() / 1000))
          .setExpirationTime(Math.floor(clock() / 1000) + 3600)
          .sign(SECRET);
      };

      beforeAll(() => {
        offsetMs = 0;
      });

      it('refuses every algorithm but HS512: HS256, HS384, none in any case, RS256, ES256, an embedded JWK', async () => {
        const now = Math.floor(clock() / 1000);
        const payload = b64({ sub: 'admin', auth: 'ROLE_ADMIN', iat: now, exp: now + 3600 });
        const rsa = await generateKeyPair('RS256');
        const ec = await generateKeyPair('ES256');
        const asymmetric = async (alg: string, key: Parameters<SignJWT['sign']>[0], jwk?: object) =>
          new SignJWT({ auth: 'ROLE_ADMIN' })
            .setProtectedHeader({ alg, ...(jwk ? { jwk } : {}) })
            .setSubject('admin')
            .setExpirationTime('1h')
            .sign(key);
        const tokens = {
          HS256: await hs('HS256'),
          HS384: await hs('HS384'),
          none: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
          None: `${b64({ alg: 'None' })}.${payload}.`,
          NONE: `${b64({ alg: 'NONE' })}.${payload}.`,
          'none with a signature': `${b64({ alg: 'none' })}.${payload}.${(await hs('HS512')).split('.')[2]}`,
          RS256: await asymmetric('RS256', rsa.privateKey),
          ES256: await asymmetric('ES256', ec.privateKey),
          'RS256 with its own jwk': await asymmetric('RS256', rsa.privateKey, await exportJWK(rsa.publicKey)),
          // The classic confusion: the attacker signs HS512 with the *public* key as the secret.
          'HS512 over a public key': await new SignJWT({ auth: 'ROLE_ADMIN' })
            .setProtectedHeader({ alg: 'HS512' })
            .setSubject('admin')
            .setExpirationTime('1h')
            .sign(new TextEncoder().encode(JSON.stringify(await exportJWK(rsa.publicKey)))),
        };
        for (const [name, token] of Object.entries(tokens)) {
          const response = await call(`Bearer ${token}`);
          expect(response.statusCode, name).toBe(401);
          expect(response.json(), name).toMatchObject({ status: 401, title: 'Unauthorized' });
        }
        // The control: the same helper with HS512 is accepted.
        expect((await call(`Bearer ${await hs('HS512')}`)).statusCode).toBe(200);
      });

      it('expires exactly at exp on the server clock: one day, thirty days with remember-me', async () => {
        for (const [rememberMe, lifetime] of [
          [false, 86_400],
          [true, 30 * 86_400],
        ] as const) {
          offsetMs = 0;
          const signIn = await ctx().app.inject({
            method: 'POST',
            url: '/api/authenticate',
            payload: { username: 'courtier', password: 'courtier', rememberMe },
          });
          const auth = `Bearer ${signIn.json().id_token}`;
          offsetMs = (lifetime - 5) * 1000;
          expect((await call(auth)).statusCode, `${lifetime} s − 5 s`).toBe(200);
          offsetMs = (lifetime + 1) * 1000;
          expect((await call(auth)).statusCode, `${lifetime} s + 1 s`).toBe(401);
        }
        offsetMs = 0;
      });

      it('tampering with any part (header, payload, signature, padding) is refused', async () => {
        const token = await hs('HS512');
        const [h, p, s] = token.split('.') as [string, string, string];
        const flip = (text: string, i: number) =>
          text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
        const variants = [
          `${flip(h, 3)}.${p}.${s}`,
          `${h}.${flip(p, 5)}.${s}`,
          `${h}.${p}.${flip(s, 10)}`,
          `${h}.${p}.${s.slice(0, -2)}`,
          `${h}.${p}.${s}=`,
          `${h}.${p}`,
          `${h}.${p}.${s}.${s}`,
          `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'admin' })}.${s}`,
        ];
        for (const variant of variants)
          expect((await call(`Bearer ${variant}`)).statusCode, variant).toBe(401);
      });

      it('takes roles from the database: a validly signed token claiming ROLE_ADMIN gives the user only their own roles', async () => {
        const elevated = await hs('HS512', { auth: 'ROLE_ADMIN,ROLE_USER' }, 'user');
        expect((await call(`Bearer ${elevated}`, '/api/users')).statusCode).toBe(403);
        expect((await call(`Bearer ${elevated}`, '/management/metrics')).statusCode).toBe(403);
        expect((await call(`Bearer ${elevated}`)).json().authorities).toEqual(['ROLE_USER']);
        // A token for a login that does not exist is anonymous.
        expect((await call(`Bearer ${await hs('HS512', { auth: 'ROLE_ADMIN' }, 'ghost')}`)).statusCode).toBe(
          401,
        );
      });

      it("refuses a deleted user's and a deactivated user's token at once, and a re-created login never accepts the old token", async () => {
        const db = ctx().db;
        const make = (login: string, authorities: string[]) =>
          insertUser(
            db,
            { login, passwordHash: 'x', activated: true, authorities, email: `${login}@example.com` },
            'test',
          );
        await insertUser(
          db,
          {
            login: 'leaver',
            passwordHash: await hashPassword('leaver-pass', TEST_HASH_ROUNDS),
            activated: true,
            authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
          },
          'test',
        );
        const auth = await ctx().auth('leaver', 'leaver-pass');
        expect((await call(auth.authorization, '/api/police')).statusCode).toBe(200);
        await db.query("UPDATE users SET activated = false WHERE login = 'leaver'");
        expect((await call(auth.authorization)).statusCode).toBe(401);
        await db.query("UPDATE users SET activated = true WHERE login = 'leaver'");
        expect((await call(auth.authorization)).statusCode).toBe(200);
        await db.query("DELETE FROM users WHERE login = 'leaver'");
        expect((await call(auth.authorization)).statusCode).toBe(401);
        await make('leaver', ['ROLE_USER', 'ROLE_PORTEFEUILLE']);
        // Same login again: a new row the token does not name (docs/design.md §9).
        expect((await call(auth.authorization, '/api/police')).statusCode).toBe(401);
        expect((await call(auth.authorization)).statusCode).toBe(401);
      });

      it('reads the token only from the Authorization header: not from a cookie, the query string or X-XSRF-TOKEN', async () => {
        const token = await ctx().token('courtier');
        for (const [name, url, headers] of [
          [
            'cookie',
            '/api/account',
            { cookie: `id_token=${token}; XSRF-TOKEN=${token}; jhi-authenticationToken=${token}` },
          ],
          ['query', `/api/account?access_token=${token}&id_token=${token}`, {}],
          ['xsrf header', '/api/account', { 'x-xsrf-token': token }],
        ] as const) {
          expect((await call(undefined, url, headers)).statusCode, name).toBe(401);
        }
        // Scheme and spacing as RFC 6750 allows are fine; anything else is anonymous.
        expect((await call(`bearer   ${token}`)).statusCode).toBe(200);
        expect((await call(`Bearer ${token} extra`)).statusCode).toBe(401);
        expect((await call(`Token ${token}`)).statusCode).toBe(401);
      });
    },
    { now: clock },
  );
});
