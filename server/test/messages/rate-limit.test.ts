/** Messages per user and hour are capped (AFTER_SALES_LIMIT_PER_HOUR): then 429 and nothing sent. */
import { beforeAll, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp, outbox } from '../helpers.ts';
import { multipart } from './fixtures.ts';

forEachApp(
  (_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });

    const send = async (login: string, idPolice: string, subject = 'Autre') => {
      const body = multipart([
        { name: 'subject', value: subject },
        { name: 'message', value: '<p>Bonjour</p>' },
        { name: 'id_police', value: idPolice },
      ]);
      return ctx().app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { ...(await ctx().auth(login)), ...body.headers },
        payload: body.payload,
      });
    };

    it('answers 429 with Retry-After past the limit, per user, without mailing', async () => {
      // Refused messages do not count.
      expect((await send('courtier', '1001', 'Bonjour')).statusCode).toBe(400);
      expect((await send('courtier', '1001')).statusCode).toBe(200);
      expect((await send('courtier', '1002')).statusCode).toBe(200);
      const before = outbox(ctx().config).length;
      const limited = await send('courtier', '1001');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      expect(limited.headers['content-type']).toContain('application/problem+json');
      expect(outbox(ctx().config)).toHaveLength(before);
      expect((await send('courtier2', '1004')).statusCode).toBe(200);
    });
  },
  { env: { AFTER_SALES_LIMIT_PER_HOUR: '2' } },
);
