/**
 * Sign-out ends the server session; the administrator's view of a user's second factor and the
 * roles that require one: refusals change nothing, changes are audited.
 */
import { expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { snapshot } from '../security/snapshot.ts';
import { TWO_FACTOR_TABLES } from './two-factor-helpers.ts';

forEachApp((_kind, ctx) => {
  const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
    ctx().app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
  const auditsOf = async (type: string) =>
    ctx().db.query<{ principal: string; data: Record<string, string> }>(
      'SELECT principal, data FROM audit_events WHERE event_type = $1 ORDER BY id',
      [type],
    );

  it('signing out ends the session in use: its token is refused afterwards, the others live on', async () => {
    const laptop = await ctx().auth('courtier');
    const phone = await ctx().auth('courtier');
    const laptopSession = (
      (await inject('GET', '/api/account/sessions', laptop)).json() as Array<{ id: number; current: boolean }>
    ).find((s) => s.current)!.id;
    expect((await inject('DELETE', '/api/account/sessions/current', laptop)).statusCode).toBe(204);
    expect((await inject('GET', '/api/account', laptop)).statusCode).toBe(401);
    expect((await inject('DELETE', '/api/account/sessions/current', laptop)).statusCode).toBe(401);
    const left = (await inject('GET', '/api/account/sessions', phone)).json() as Array<{ id: number }>;
    expect(left.map((s) => s.id)).not.toContain(laptopSession);
    expect((await inject('GET', '/api/account', phone)).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/account/sessions/current', {})).statusCode).toBe(401);
    expect((await auditsOf('SESSION_ENDED')).map((a) => [a.principal, a.data.session])).toEqual([
      ['courtier', String(laptopSession)],
    ]);
  });

  it('an administrator sees whether a user enrolled; others get 403, an unknown login 404', async () => {
    const admin = await ctx().auth('admin');
    const status = await inject('GET', '/api/users/courtier/two-factor', admin);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      enabled: false,
      required: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await inject('GET', '/api/users/courtier/two-factor', await ctx().auth('user'))).statusCode).toBe(
      403,
    );
    expect(
      (await inject('GET', '/api/users/courtier/sessions', await ctx().auth('courtier'))).statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/users/nobody/two-factor', admin)).statusCode).toBe(404);
  });

  it('the required roles: bad bodies are 400 and change nothing; a change is audited and shown per user', async () => {
    const admin = await ctx().auth('admin');
    const before = await snapshot(ctx().db, TWO_FACTOR_TABLES);
    for (const body of [
      { roles: ['ROLE_ADMIN', 'ROLE_NOT_A_ROLE'] },
      { roles: ['R'.repeat(51)] },
      { roles: null },
      {},
      { roles: [{}] },
    ]) {
      const response = await inject('PUT', '/api/admin/two-factor/roles', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await inject('PUT', '/api/admin/two-factor/roles', admin, { roles: ['ROLE_NOPE'] });
    expect(unknown.json()).toMatchObject({ status: 400, detail: 'Unknown role: ROLE_NOPE' });
    expect(
      (await inject('PUT', '/api/admin/two-factor/roles', await ctx().auth('user'), { roles: ['ROLE_USER'] }))
        .statusCode,
    ).toBe(403);
    expect(await snapshot(ctx().db, TWO_FACTOR_TABLES)).toEqual(before);
    expect(await auditsOf('TWO_FACTOR_ROLES_CHANGED')).toEqual([]);

    const set = await inject('PUT', '/api/admin/two-factor/roles', admin, {
      roles: ['ROLE_EXPORT', 'ROLE_EXPORT'],
    });
    expect(set.json()).toEqual({ roles: ['ROLE_EXPORT'] });
    // The same list again is no change, so no second audit row.
    await inject('PUT', '/api/admin/two-factor/roles', admin, { roles: ['ROLE_EXPORT'] });
    expect((await inject('GET', '/api/admin/two-factor/roles', admin)).json()).toEqual({
      roles: ['ROLE_EXPORT'],
    });
    // courtier2 holds ROLE_EXPORT (fixtures' demo accounts).
    expect((await inject('GET', '/api/users/courtier2/two-factor', admin)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    await inject('PUT', '/api/admin/two-factor/roles', admin, { roles: [] });
    expect((await auditsOf('TWO_FACTOR_ROLES_CHANGED')).map((a) => [a.principal, a.data.roles])).toEqual([
      ['admin', 'ROLE_EXPORT'],
      ['admin', ''],
    ]);
  });
});
