/**
 * Found by the last attack: an account without a brand (every self-registered account, the demo
 * `user`) could not be deactivated, because `PUT /api/users` required `marque`. An update may now
 * leave the brand empty when the account has none; an account with a brand still needs one.
 */
import { expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { snapshot } from './snapshot.ts';

forEachApp((_kind, ctx) => {
  const put = async (payload: object) =>
    ctx().app.inject({ method: 'PUT', url: '/api/users', headers: await ctx().auth('admin'), payload });
  const dto = async (login: string) =>
    (
      await ctx().app.inject({
        method: 'GET',
        url: `/api/users/${login}`,
        headers: await ctx().auth('admin'),
      })
    ).json() as Record<string, unknown>;

  it('deactivates and reactivates an account without a brand, sent back as the API gave it', async () => {
    const user = await dto('user');
    expect(user.marque).toBe(null);
    const token = await ctx().token('user');
    const off = await put({ ...user, activated: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ login: 'user', activated: false, marque: null });
    // Deactivated: its token is refused and it cannot sign in.
    const account = await ctx().app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.statusCode).toBe(401);
    const { marque: _absent, ...withoutBrand } = user;
    const on = await put({ ...withoutBrand, activated: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await dto('user')).toMatchObject({ activated: true, marque: null });
  });

  it('still refuses to empty the brand of an account that has one; nothing changes', async () => {
    const compta = await dto('compta');
    const before = await snapshot(ctx().db, ['users', 'user_authority']);
    for (const marque of [null, '']) {
      const refused = await put({ ...compta, activated: false, marque });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'error.validation',
        fieldErrors: [{ objectName: 'userDTO', field: 'marque', message: 'NotNull' }],
      });
    }
    const { marque: _m, ...absent } = compta;
    expect((await put({ ...absent, activated: false })).statusCode).toBe(400);
    expect(await snapshot(ctx().db, ['users', 'user_authority'])).toEqual(before);
    // Creation keeps requiring a brand (docs/product.md §5).
    const created = await ctx().app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await ctx().auth('admin'),
      payload: { login: 'sansmarque', email: 'sansmarque@example.com' },
    });
    expect(created.statusCode).toBe(400);
  });
});
