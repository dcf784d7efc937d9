import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp } from '../helpers.ts';

type Token = {
  id: number;
  name: string;
  scope: string;
  prefix: string;
  expiresAt: string;
  lastUsedAt: string | null;
};
type Created = Token & { token: string };

let clock = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86_400_000;

forEachApp(
  (_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });
    const call = (method: string, url: string, headers: { authorization: string }, payload?: unknown) => {
      const options: InjectOptions = { method: method as 'GET', url, headers };
      if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
      return ctx().app.inject(options);
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const create = async (login: string, body: unknown) =>
      call('POST', '/api/account/tokens', await ctx().auth(login), body);
    const newToken = async (login: string, scope = 'read', expiresInDays = 30, name = 'CRM') => {
      const response = await create(login, { name, scope, expiresInDays });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Created;
    };

    it('shows the secret once with its prefix, keeps only its hash, lists it with its last use, and audits', async () => {
      const created = await newToken('courtier', 'read', 90, 'Mon CRM');
      expect(created.token).toMatch(/^ext_pat_[A-Za-z0-9_-]{43}$/);
      expect(created.prefix).toBe(created.token.slice(0, 12));
      expect(Date.parse(created.expiresAt) - clock).toBe(90 * DAY);
      const [stored] = await ctx().db.query<{ token_hash: string }>(
        'SELECT token_hash FROM personal_tokens WHERE id = $1',
        [created.id],
      );
      expect(stored!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
      expect(JSON.stringify(await ctx().db.query('SELECT * FROM personal_tokens'))).not.toContain(
        created.token,
      );

      const owner = await ctx().auth('courtier');
      let listed = (await call('GET', '/api/account/tokens', owner)).json() as Token[];
      const mine = listed.find((t) => t.id === created.id)!;
      expect(mine).toMatchObject({
        name: 'Mon CRM',
        scope: 'read',
        prefix: created.prefix,
        lastUsedAt: null,
      });
      expect(mine).not.toHaveProperty('token');

      clock += 5 * 60_000;
      expect((await call('GET', '/api/police', bearer(created.token))).statusCode).toBe(200);
      listed = (await call('GET', '/api/account/tokens', owner)).json() as Token[];
      expect(listed.find((t) => t.id === created.id)!.lastUsedAt).toBe(new Date(clock).toISOString());

      const audits = await ctx().db.query<{ event_type: string; data: Record<string, string> }>(
        "SELECT event_type, data FROM audit_events WHERE principal = 'courtier' AND event_type LIKE 'PERSONAL_TOKEN%'",
      );
      expect(audits).toContainEqual(
        expect.objectContaining({
          event_type: 'PERSONAL_TOKEN_CREATED',
          data: expect.objectContaining({ token: String(created.id), name: 'Mon CRM', scope: 'read' }),
        }),
      );
    });

    it("reads within the owner's scope, exactly as the owner's session does", async () => {
      const { token } = await newToken('courtier2');
      const byToken = await call('GET', '/api/police?sort=idPolice', bearer(token));
      const bySession = await call('GET', '/api/police?sort=idPolice', await ctx().auth('courtier2'));
      expect(byToken.statusCode).toBe(200);
      expect(byToken.json()).toEqual(bySession.json());
      expect((byToken.json() as { codeCourtierPortail?: string }[]).length).toBeGreaterThan(0);
      // Another broker's statement stays invisible.
      expect((await call('GET', '/api/commissions/2001', bearer(token))).statusCode).toBe(404);
      expect((await call('GET', '/api/commissions/2004', bearer(token))).statusCode).toBe(200);
    });

    it('never reaches account, password, token, user or administration routes, nor any write', async () => {
      const { token } = await newToken('admin', 'read+export');
      const t = bearer(token);
      const refused: [string, string, unknown?][] = [
        ['GET', '/api/account'],
        ['POST', '/api/account', { email: 'x@example.com' }],
        ['POST', '/api/account/change-password', { currentPassword: 'admin', newPassword: 'hijacked1' }],
        ['GET', '/api/account/tokens'],
        ['POST', '/api/account/tokens', { name: 'more', scope: 'read', expiresInDays: 1 }],
        ['DELETE', '/api/account/tokens/1'],
        ['GET', '/api/account/sessions'],
        ['GET', '/api/users'],
        ['GET', '/api/users/courtier/tokens'],
        ['GET', '/api/admin/two-factor/roles'],
        ['GET', '/management/audits'],
        ['DELETE', '/api/police/1001'],
      ];
      for (const [method, url, body] of refused) {
        const response = await call(method, url, t, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call('GET', '/api/police', t)).statusCode).toBe(200);
      // Nothing changed: the admin still signs in with the old password.
      expect((await call('GET', '/api/account', await ctx().auth('admin'))).statusCode).toBe(200);
    });

    it('a read token is refused exports; a read+export token gets them', async () => {
      const read = await newToken('courtier', 'read');
      const exporting = await newToken('courtier', 'read+export');
      expect((await call('GET', '/api/police/export.csv', bearer(read.token))).statusCode).toBe(403);
      const csv = await call('GET', '/api/police/export.csv', bearer(exporting.token));
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('POL-1001');
    });

    it('a revoked token is refused at once; another user cannot revoke it', async () => {
      const { id, token } = await newToken('compta');
      expect(
        (await call('DELETE', `/api/account/tokens/${id}`, await ctx().auth('courtier'))).statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/commissions', bearer(token))).statusCode).toBe(200);
      expect((await call('DELETE', `/api/account/tokens/${id}`, await ctx().auth('compta'))).statusCode).toBe(
        204,
      );
      expect((await call('GET', '/api/commissions', bearer(token))).statusCode).toBe(401);
      expect((await call('DELETE', `/api/account/tokens/${id}`, await ctx().auth('compta'))).statusCode).toBe(
        404,
      );
      const [audit] = await ctx().db.query<{ data: Record<string, string> }>(
        "SELECT data FROM audit_events WHERE event_type = 'PERSONAL_TOKEN_REVOKED' AND data->>'token' = $1",
        [String(id)],
      );
      expect(audit!.data).toMatchObject({ name: 'CRM' });
    });

    it('an expired token is refused; a token of an unknown or altered secret too', async () => {
      const { token } = await newToken('portefeuille', 'read', 1);
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(200);
      clock += DAY + 1000;
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(401);
      const fresh = await newToken('portefeuille');
      const altered = `${fresh.token.slice(0, -1)}${fresh.token.endsWith('A') ? 'B' : 'A'}`;
      expect((await call('GET', '/api/police', bearer(altered))).statusCode).toBe(401);
      expect((await call('GET', '/api/police', bearer('ext_pat_'))).statusCode).toBe(401);
    });

    it('refuses a bad request and creates nothing', async () => {
      const before = (await ctx().db.query('SELECT id FROM personal_tokens')).length;
      for (const body of [
        { name: 'x', scope: 'read', expiresInDays: 366 },
        { name: 'x', scope: 'read', expiresInDays: 0 },
        { name: 'x', scope: 'write', expiresInDays: 30 },
        { name: '   ', scope: 'read', expiresInDays: 30 },
        { name: 'x'.repeat(101), scope: 'read', expiresInDays: 30 },
        { name: 'x', scope: 'read' },
      ]) {
        expect((await create('user', body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await ctx().db.query('SELECT id FROM personal_tokens')).length).toBe(before);
    });

    it("ends with the account's deactivation (for good) and deletion", async () => {
      const admin = await ctx().auth('admin');
      const created = await call('POST', '/api/users', admin, {
        login: 'script',
        email: 'script@example.com',
        authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
        codeCourtier: 'C0001',
        marque: 'Demo',
      });
      expect(created.statusCode, created.body).toBe(201);
      await ctx().db.query(
        "UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE login = 'user') WHERE login = 'script'",
      );
      const { token } = (await (
        await call('POST', '/api/account/tokens', await ctx().auth('script', 'user'), {
          name: 'nightly',
          scope: 'read',
          expiresInDays: 10,
        })
      ).json()) as Created;
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(200);
      const user = (await call('GET', '/api/users/script', admin)).json() as Record<string, unknown>;
      expect((await call('PUT', '/api/users', admin, { ...user, activated: false })).statusCode).toBe(200);
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(401);
      expect((await call('PUT', '/api/users', admin, { ...user, activated: true })).statusCode).toBe(200);
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(401);

      const second = (await (
        await call('POST', '/api/account/tokens', await ctx().auth('script', 'user'), {
          name: 'again',
          scope: 'read',
          expiresInDays: 10,
        })
      ).json()) as Created;
      expect((await call('GET', '/api/police', bearer(second.token))).statusCode).toBe(200);
      expect((await call('DELETE', '/api/users/script', admin)).statusCode).toBe(200);
      expect((await call('GET', '/api/police', bearer(second.token))).statusCode).toBe(401);
      expect((await ctx().db.query('SELECT id FROM personal_tokens WHERE id = $1', [second.id])).length).toBe(
        0,
      );
    });

    it("an administrator lists and revokes a user's tokens; others may not", async () => {
      const { id, token } = await newToken('grossiste', 'read', 30, 'ERP');
      const admin = await ctx().auth('admin');
      expect(
        (await call('GET', '/api/users/grossiste/tokens', await ctx().auth('courtier'))).statusCode,
      ).toBe(403);
      const listed = (await call('GET', '/api/users/grossiste/tokens', admin)).json() as Token[];
      expect(listed.map((t) => t.name)).toEqual(['ERP']);
      expect((await call('DELETE', `/api/users/courtier/tokens/${id}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/users/grossiste/tokens/${id}`, admin)).statusCode).toBe(204);
      expect((await call('GET', '/api/police', bearer(token))).statusCode).toBe(401);
      expect((await call('GET', '/api/users/nobody/tokens', admin)).statusCode).toBe(404);
      const [audit] = await ctx().db.query<{ principal: string; data: Record<string, string> }>(
        "SELECT principal, data FROM audit_events WHERE event_type = 'PERSONAL_TOKEN_REVOKED' AND data->>'token' = $1",
        [String(id)],
      );
      expect(audit).toMatchObject({ principal: 'grossiste', data: { by: 'admin' } });
    });
  },
  { now: () => clock },
);
