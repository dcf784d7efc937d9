/**
 * Found by the last attack: when an administrator required a second factor for a role, that role's
 * open sessions (up to 30 days) kept working without one, and enrolling did not end a user's
 * other sessions. Now a session records whether it was opened with a second factor; one opened
 * without is refused on every request while a role of its user requires one, and is ended (and
 * audited) when the roles change or the user is given such a role; enrolling ends the other sessions.
 */
import { expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { movableClock, type StartedEnrolment, signIn } from '../identity/two-factor-helpers.ts';

const clock = movableClock();

forEachApp(
  (_kind, ctx) => {
    const app = () => ctx().app;
    const status = async (token: string) =>
      (
        await app().inject({
          method: 'GET',
          url: '/api/account',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    const admin = () => ctx().auth('admin');
    const requireRoles = async (roles: string[]) => {
      const response = await app().inject({
        method: 'PUT',
        url: '/api/admin/two-factor/roles',
        headers: await admin(),
        payload: { roles },
      });
      expect(response.statusCode).toBe(200);
    };
    const sessionsOf = async (login: string) => {
      const [row] = await ctx().db.query<{ n: number }>(
        'SELECT count(*)::int8 AS n FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.login = $1',
        [login],
      );
      return Number(row!.n);
    };
    const endings = async (login: string) =>
      ctx().db.query<{ data: Record<string, string> }>(
        `SELECT data FROM audit_events WHERE principal = $1 AND event_type = 'SESSION_ENDED' ORDER BY id`,
        [login],
      );

    it('requiring a second factor for a role ends the sessions its users opened without one', async () => {
      const [first, second, other] = await Promise.all([
        ctx().token('courtier2'),
        ctx().token('courtier2'),
        ctx().token('user'),
      ]);
      expect(await status(first)).toBe(200);
      await requireRoles(['ROLE_EXPORT']); // courtier2 holds it; user and admin do not
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(401);
      expect(await sessionsOf('courtier2')).toBe(0);
      expect(await status(other)).toBe(200);
      expect(
        (await app().inject({ method: 'GET', url: '/api/users', headers: await admin() })).statusCode,
      ).toBe(200);
      expect((await endings('courtier2')).map((e) => e.data)).toEqual([
        expect.objectContaining({ sessions: '2', reason: 'second-factor-required', by: 'admin' }),
      ]);
      // Signing in again now means enrolling.
      expect(await signIn(app(), { username: 'courtier2', password: 'courtier2' })).toMatchObject({
        status: 401,
        body: { type: 'http://www.jhipster.tech/problem/second-factor-enrolment-required' },
      });
      await requireRoles([]);
    });

    it('refuses such a session on its next request however the requirement came (checked per request)', async () => {
      const token = await ctx().token('portefeuille');
      expect(await status(token)).toBe(200);
      await ctx().db.query("INSERT INTO two_factor_required_roles VALUES ('ROLE_PORTEFEUILLE')");
      expect(await status(token)).toBe(401);
      await ctx().db.query('DELETE FROM two_factor_required_roles');
    });

    it('giving a user a role that requires a second factor ends the sessions they opened without one', async () => {
      const token = await ctx().token('user');
      await requireRoles(['ROLE_COORD']);
      const dto = (
        await app().inject({ method: 'GET', url: '/api/users/user', headers: await admin() })
      ).json() as { authorities: string[] };
      const granted = await app().inject({
        method: 'PUT',
        url: '/api/users',
        headers: await admin(),
        payload: { ...dto, authorities: [...dto.authorities, 'ROLE_COORD'] },
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(await status(token)).toBe(401);
      expect(await sessionsOf('user')).toBe(0);
      await requireRoles([]);
    });

    it('enrolling ends the other sessions; sessions opened with a code survive the requirement', async () => {
      const before = await ctx().token('compta');
      const current = await ctx().token('compta');
      const headers = { authorization: `Bearer ${current}` };
      const started = (
        await app().inject({ method: 'POST', url: '/api/account/two-factor/enrolment', headers })
      ).json() as StartedEnrolment;
      const confirmed = await app().inject({
        method: 'POST',
        url: '/api/account/two-factor',
        headers,
        payload: { enrolmentToken: started.enrolmentToken, code: clock.code(started.secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      clock.advance(30);
      expect(await status(before)).toBe(401);
      expect(await status(current)).toBe(200);
      const withCode = await signIn(app(), {
        username: 'compta',
        password: 'compta',
        code: clock.code(started.secret),
      });
      expect(withCode.status).toBe(200);
      await requireRoles(['ROLE_COMPTA']);
      expect(await status(current)).toBe(200);
      expect(await status(withCode.body.id_token as string)).toBe(200);
      await requireRoles([]);
    });
  },
  { now: () => clock.now() },
);
