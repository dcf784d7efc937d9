/**
 * Ten wrong passwords from one address no longer lock the owner out. Sign-in is
 * throttled per address and per login from one address; the owner signs in from another
 * address. A real listening server, and client sockets bound to two loopback addresses, so the
 * address the server sees is the socket's, as in production without a proxy.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** POST /api/authenticate from `localAddress`. */
function signIn(port: number, localAddress: string, username: string, password: string): Promise<Answer> {
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/authenticate',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('sign-in throttling', () => {
  forEachApp(
    (_kind, ctx) => {
      let port = 0;
      beforeAll(async () => {
        await ctx().app.listen({ host: '127.0.0.1', port: 0 });
        port = (ctx().app.server.address() as { port: number }).port;
      });

      it('twelve wrong passwords from 127.0.0.2 do not stop the owner signing in from 127.0.0.3', async () => {
        const attacker = [];
        for (let i = 0; i < 12; i++)
          attacker.push((await signIn(port, '127.0.0.2', 'courtier', 'Wrong!Pass1')).status);
        // The default allowance: ten failures per login from one address, then 429.
        expect(attacker).toEqual([...Array(10).fill(401), 429, 429]);
        const owner = await signIn(port, '127.0.0.3', 'courtier', 'courtier');
        expect(owner.status).toBe(200);
        const token = (JSON.parse(owner.body) as { id_token: string }).id_token;
        const account = await ctx().app.inject({
          method: 'GET',
          url: '/api/account',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(account.json()).toMatchObject({ login: 'courtier' });
        // The attacker's address stays refused for that login, even with the right password…
        const blocked = await signIn(port, '127.0.0.2', 'courtier', 'courtier');
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(blocked.headers['content-type']).toContain('application/problem+json');
        // …and the owner's later failures from their own address start from zero there.
        expect((await signIn(port, '127.0.0.3', 'courtier', 'Wrong!Pass1')).status).toBe(401);
        expect((await signIn(port, '127.0.0.3', 'courtier', 'courtier')).status).toBe(200);
      });

      it('the server saw the two addresses (audit trail)', async () => {
        const rows = await ctx().db.query<{ address: string }>(
          `SELECT DISTINCT data->>'remoteAddress' AS address FROM audit_events
            WHERE principal = 'courtier' ORDER BY 1`,
        );
        expect(rows.map((r) => r.address)).toEqual(['127.0.0.2', '127.0.0.3']);
      });
    },
    { env: { SIGNIN_LIMIT_PER_IP: '1000' } },
  );
});
