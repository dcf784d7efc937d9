/**
 * Tokens end with the password (docs/design.md §9): a password change, a password
 * reset, a deactivation and a deletion end every token issued before, through the API a user or
 * an administrator would use; a re-created login never accepts an old token. Each old token is
 * used once before the change, so the server's cache of verified tokens holds it.
 */
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { forEachApp, mailedKey, TEST_JWT_SECRET } from '../helpers.ts';

const NEW_PASSWORD = 'N3w&Secret-pass';

describe('token lifetime', () => {
  forEachApp((_kind, ctx) => {
    const account = (authorization: string) =>
      ctx().app.inject({ method: 'GET', url: '/api/account', headers: { authorization } });
    const asAdmin = async () => ctx().auth('admin');
    const createUser = async (login: string, extra: Record<string, unknown> = {}) => {
      const created = await ctx().app.inject({
        method: 'POST',
        url: '/api/users',
        headers: await asAdmin(),
        payload: {
          login,
          email: `${login}@example.com`,
          password: `${login}-pass`,
          marque: 'M1',
          authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
          ...extra,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: number; login: string };
    };
    /** Two sessions of the same user (two browsers), both used once. */
    const twoSessions = async (login: string, password = `${login}-pass`) => {
      const sessions = [await ctx().auth(login, password), await ctx().auth(login, password)];
      for (const { authorization } of sessions) expect((await account(authorization)).statusCode).toBe(200);
      return sessions.map((s) => s.authorization);
    };

    it('a password change ends every earlier token; the caller gets a new one expiring when its old one would', async () => {
      await createUser('changer');
      const signIn = await ctx().app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'changer', password: 'changer-pass', rememberMe: true },
      });
      const remembered = `Bearer ${signIn.json().id_token}`;
      const [other] = await twoSessions('changer');
      const changed = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: { authorization: remembered, 'content-type': 'text/plain' },
        payload: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      for (const old of [remembered, other!]) expect((await account(old)).statusCode).toBe(401);
      const renewed = changed.headers.authorization as string;
      expect(renewed).toMatch(/^Bearer /);
      expect((await account(renewed)).statusCode).toBe(200);
      expect(decodeJwt(renewed.slice(7)).exp).toBe(decodeJwt(remembered.slice(7)).exp);
      expect((await ctx().auth('changer', NEW_PASSWORD)).authorization).toMatch(/^Bearer /);
    });

    it('a password reset ends every earlier token', async () => {
      await createUser('resetter');
      const sessions = await twoSessions('resetter');
      const init = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/reset-password/init',
        headers: { 'content-type': 'text/plain' },
        payload: 'resetter@example.com',
      });
      expect(init.statusCode).toBe(200);
      // Asking for a reset ends nothing: only setting the new password does.
      for (const old of sessions) expect((await account(old)).statusCode).toBe(200);
      const key = mailedKey(ctx().config, 'resetter@example.com', 'reset/finish');
      const finish = await ctx().app.inject({
        method: 'POST',
        url: '/api/account/reset-password/finish',
        payload: { key, newPassword: NEW_PASSWORD },
      });
      expect(finish.statusCode).toBe(200);
      for (const old of sessions) expect((await account(old)).statusCode).toBe(401);
      expect((await account((await ctx().auth('resetter', NEW_PASSWORD)).authorization)).statusCode).toBe(
        200,
      );
    });

    it('a deactivation ends every earlier token, and reactivating the account does not revive them', async () => {
      const user = await createUser('leaving');
      const sessions = await twoSessions('leaving');
      const update = async (activated: boolean) => {
        const response = await ctx().app.inject({
          method: 'PUT',
          url: '/api/users',
          headers: await asAdmin(),
          payload: {
            id: user.id,
            login: 'leaving',
            email: 'leaving@example.com',
            activated,
            marque: 'M1',
            authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
          },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await update(false);
      for (const old of sessions) expect((await account(old)).statusCode).toBe(401);
      await update(true);
      for (const old of sessions) expect((await account(old)).statusCode).toBe(401);
      // Other edits by an administrator (names, roles) end nothing.
      const fresh = (await ctx().auth('leaving', 'leaving-pass')).authorization;
      await update(true);
      expect((await account(fresh)).statusCode).toBe(200);
    });

    it('a deletion ends every earlier token, and the login created again never accepts them', async () => {
      const first = await createUser('phoenix');
      const sessions = await twoSessions('phoenix');
      const deleted = await ctx().app.inject({
        method: 'DELETE',
        url: '/api/users/phoenix',
        headers: await asAdmin(),
      });
      expect(deleted.statusCode).toBe(200);
      for (const old of sessions) expect((await account(old)).statusCode).toBe(401);
      const again = await createUser('phoenix');
      expect(again.id).not.toBe(first.id);
      for (const old of sessions) {
        expect((await account(old)).statusCode).toBe(401);
        const police = await ctx().app.inject({
          method: 'GET',
          url: '/api/police',
          headers: { authorization: old },
        });
        expect(police.statusCode).toBe(401);
      }
      expect((await account((await ctx().auth('phoenix', 'phoenix-pass')).authorization)).statusCode).toBe(
        200,
      );
    });

    it('refuses a correctly signed token that names no row or version (a JHipster token of before)', async () => {
      const jhipster = await new SignJWT({ auth: 'ROLE_USER' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('courtier')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      expect((await account(`Bearer ${jhipster}`)).statusCode).toBe(401);
      const claims = decodeJwt((await ctx().token('courtier')).valueOf());
      expect(claims).toMatchObject({ sub: 'courtier', uid: expect.any(Number), ver: expect.any(Number) });
    });
  });
});
