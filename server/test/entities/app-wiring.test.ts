/**
 * The entities plugin inside the real app: real sign-in, real tokens, the demo accounts of
 * docs/design.md §7. Checks the wiring (auth hook → principal → scope), not the engine again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { seed } from './seed.ts';

describe('entities in the app', () => {
  forEachApp((_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });

    const get = async (login: string | null, url: string) =>
      ctx().app.inject({ method: 'GET', url, headers: login ? await ctx().auth(login) : {} });

    it('scopes the policy list by the signed-in broker', async () => {
      const response = await get('courtier', '/api/police?sort=idPolice');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((p: { idPolice: number }) => p.idPolice)).toEqual([1001, 1002, 1003]);
      const grossiste = await get('grossiste', '/api/police?sort=idPolice');
      expect(grossiste.json().map((p: { idPolice: number }) => p.idPolice)).toEqual([1001, 1002, 1003, 1005]);
      expect((await get('courtier2', '/api/police/1001')).statusCode).toBe(404);
    });

    it('refuses anonymous callers and missing roles', async () => {
      expect((await get(null, '/api/police')).statusCode).toBe(401);
      expect((await get('compta', '/api/police')).statusCode).toBe(403);
      expect((await get('portefeuille', '/api/police/export.csv')).statusCode).toBe(403);
    });

    it('lets the user account see its timeline only', async () => {
      const response = await get('user', '/api/timelines?type=AFN');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((e: { idPolice: number }) => e.idPolice)).toEqual([1001]);
    });
  });
});
