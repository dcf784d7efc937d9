import { expect, it } from 'vitest';
import { findUserByLogin } from '../../src/accounts/users.ts';
import { forEachApp } from '../helpers.ts';
import { movableClock, problemType, type StartedEnrolment, signIn, tables } from './two-factor-helpers.ts';

const clock = movableClock();

forEachApp(
  (_kind, ctx) => {
    const app = () => ctx().app;
    /** Enrols `login` from the settings; its secret and recovery codes. */
    const enrol = async (login: string) => {
      const headers = await ctx().auth(login);
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
      clock.advance(30); // the enrolment used this step's code
      return {
        secret: started.secret,
        recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes,
      };
    };
    const adminHeaders = () => ctx().auth('admin');

    it('asks an enrolled user for the code after the password, then signs in with it once', async () => {
      const { secret } = await enrol('courtier');
      const first = await signIn(app(), { username: 'courtier', password: 'courtier' });
      expect(first).toMatchObject({
        status: 401,
        body: { type: problemType('second-factor-required'), message: 'login.messages.error.codeRequired' },
      });
      expect(first.body.id_token).toBeUndefined();
      const code = clock.code(secret);
      const second = await signIn(app(), { username: 'courtier', password: 'courtier', code });
      expect(second.status).toBe(200);
      expect(typeof second.body.id_token).toBe('string');
      // The same code again, at once or a few seconds later: refused.
      const replay = await signIn(app(), { username: 'courtier', password: 'courtier', code });
      expect(replay).toMatchObject({ status: 401, body: { type: problemType('invalid-second-factor') } });
    });

    it('accepts a code one step off either way, not two; an older step after a newer one never', async () => {
      const { secret } = await enrol('compta');
      clock.advance(60); // the enrolment's step is two behind: step -1 is new
      const tryCode = (code: string) => signIn(app(), { username: 'compta', password: 'compta', code });
      expect((await tryCode(clock.code(secret, -2))).status).toBe(401);
      expect((await tryCode(clock.code(secret, 2))).status).toBe(401);
      expect((await tryCode(clock.code(secret, -1))).status).toBe(200);
      expect((await tryCode(clock.code(secret, 1))).status).toBe(200);
      // Step +1 was taken: the current step's code is now older than it.
      expect((await tryCode(clock.code(secret, 0))).status).toBe(401);
      clock.advance(60);
      expect((await tryCode(clock.code(secret, 0))).status).toBe(200);
    });

    it('a wrong code, a wrong password with a right code, and garbage change nothing', async () => {
      const { secret, recoveryCodes } = await enrol('grossiste');
      const before = await tables(ctx().db);
      for (const payload of [
        { username: 'grossiste', password: 'grossiste', code: '000000' },
        { username: 'grossiste', password: 'grossiste', code: 'not a code' },
        { username: 'grossiste', password: 'wrong-pass', code: clock.code(secret) },
        { username: 'grossiste', password: 'wrong-pass', code: recoveryCodes[0] },
      ]) {
        const answer = await signIn(app(), payload);
        expect(answer.status, JSON.stringify(payload)).toBe(401);
        expect(answer.body.id_token).toBeUndefined();
      }
      expect(await tables(ctx().db)).toEqual(before);
      // Still valid after the refusals: the code the wrong password came with, the recovery code.
      expect(
        (await signIn(app(), { username: 'grossiste', password: 'grossiste', code: clock.code(secret) }))
          .status,
      ).toBe(200);
    });

    it('a recovery code signs in once, in any case and spacing', async () => {
      const { recoveryCodes } = await enrol('portefeuille');
      const code = recoveryCodes[3]!;
      const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
      expect(
        (await signIn(app(), { username: 'portefeuille', password: 'portefeuille', code: typed })).status,
      ).toBe(200);
      expect(
        (await signIn(app(), { username: 'portefeuille', password: 'portefeuille', code })).body.type,
      ).toBe(problemType('invalid-second-factor'));
      expect(
        (await signIn(app(), { username: 'portefeuille', password: 'portefeuille', code: recoveryCodes[4] }))
          .status,
      ).toBe(200);
    });

    it('an administrator requires it for a role: its users enrol at sign-in', async () => {
      const required = await app().inject({
        method: 'PUT',
        url: '/api/admin/two-factor/roles',
        headers: await adminHeaders(),
        payload: { roles: ['ROLE_EXPORT'] },
      });
      expect(required.json()).toEqual({ roles: ['ROLE_EXPORT'] });
      // courtier2 has ROLE_EXPORT and no second factor.
      const first = await signIn(app(), { username: 'courtier2', password: 'courtier2' });
      expect(first).toMatchObject({
        status: 401,
        body: { type: problemType('second-factor-enrolment-required') },
      });
      const enrolment = (first.body.params as { enrolment: StartedEnrolment }).enrolment;
      expect(enrolment.otpauthUri).toContain(enrolment.secret);
      const before = await tables(ctx().db);
      const send = (payload: object) =>
        signIn(app(), { username: 'courtier2', password: 'courtier2', ...payload });
      expect((await send({ enrolmentToken: enrolment.enrolmentToken, code: '123456' })).status).toBe(401);
      expect(
        (await send({ enrolmentToken: `${enrolment.enrolmentToken}x`, code: clock.code(enrolment.secret) }))
          .body.type,
      ).toBe(problemType('invalid-enrolment'));
      // The enrolment alone, without the code, only starts another one.
      expect((await send({ enrolmentToken: enrolment.enrolmentToken })).body.type).toBe(
        problemType('second-factor-enrolment-required'),
      );
      clock.advance(601);
      expect(
        (await send({ enrolmentToken: enrolment.enrolmentToken, code: clock.code(enrolment.secret) })).body
          .type,
      ).toBe(problemType('invalid-enrolment'));
      expect(await tables(ctx().db)).toEqual(before);
      // A fresh enrolment confirmed at sign-in: signed in, with the recovery codes.
      const again = (await send({})).body.params as { enrolment: StartedEnrolment };
      const done = await send({
        enrolmentToken: again.enrolment.enrolmentToken,
        code: clock.code(again.enrolment.secret),
      });
      expect(done.status).toBe(200);
      expect(done.body.recovery_codes).toHaveLength(10);
      clock.advance(30);
      expect((await send({})).body.type).toBe(problemType('second-factor-required'));
      expect((await send({ code: clock.code(again.enrolment.secret) })).status).toBe(200);
      // A user without the role is not asked.
      expect((await signIn(app(), { username: 'user', password: 'user' })).status).toBe(200);
      // Only administrators set the roles.
      const refused = await app().inject({
        method: 'PUT',
        url: '/api/admin/two-factor/roles',
        headers: await ctx().auth('user'),
        payload: { roles: [] },
      });
      expect(refused.statusCode).toBe(403);
      await app().inject({
        method: 'PUT',
        url: '/api/admin/two-factor/roles',
        headers: await adminHeaders(),
        payload: { roles: [] },
      });
    });

    it('an administrator resets an enrolment; the user turns it off only with a code', async () => {
      const { secret } = await enrol('admin');
      const adminToken = (
        await signIn(app(), { username: 'admin', password: 'admin', code: clock.code(secret) })
      ).body.id_token as string;
      clock.advance(30);
      const headers = { authorization: `Bearer ${adminToken}` };
      // courtier enrolled in the first test.
      expect((await signIn(app(), { username: 'courtier', password: 'courtier' })).status).toBe(401);
      const refusedReset = await app().inject({
        method: 'DELETE',
        url: '/api/users/courtier/two-factor',
        headers: await ctx().auth('user'),
      });
      expect(refusedReset.statusCode).toBe(403);
      const reset = await app().inject({ method: 'DELETE', url: '/api/users/courtier/two-factor', headers });
      expect(reset.statusCode).toBe(204);
      expect((await signIn(app(), { username: 'courtier', password: 'courtier' })).status).toBe(200);
      expect(
        (await app().inject({ method: 'DELETE', url: '/api/users/nobody/two-factor', headers })).statusCode,
      ).toBe(404);
      // Turning one's own off: a wrong code changes nothing; the right one turns it off.
      const before = await tables(ctx().db);
      const off = (code: string) =>
        app().inject({ method: 'DELETE', url: '/api/account/two-factor', headers, payload: { code } });
      expect((await off('000000')).statusCode).toBe(400);
      expect(await tables(ctx().db)).toEqual(before);
      expect((await off(clock.code(secret))).statusCode).toBe(204);
      expect((await signIn(app(), { username: 'admin', password: 'admin' })).status).toBe(200);
      const admin = await findUserByLogin(ctx().db, 'admin');
      const audits = await ctx().db.query<{ principal: string; data: Record<string, string> }>(
        `SELECT principal, data FROM audit_events WHERE event_type = 'TWO_FACTOR_RESET' ORDER BY id`,
      );
      expect(audits.map((a) => [a.principal, a.data.by])).toEqual([
        ['courtier', 'admin'],
        [admin!.login, undefined],
      ]);
    });

    it('audits second-factor failures apart from bad passwords', async () => {
      const rows = await ctx().db.query<{
        principal: string;
        event_type: string;
        data: Record<string, string>;
      }>(`SELECT principal, event_type, data FROM audit_events WHERE principal = 'grossiste' ORDER BY id`);
      const types = rows.map((r) => r.event_type);
      expect(types.filter((t) => t === 'SECOND_FACTOR_FAILURE')).toHaveLength(2);
      expect(types.filter((t) => t === 'AUTHENTICATION_FAILURE')).toHaveLength(2);
      expect(rows.find((r) => r.event_type === 'SECOND_FACTOR_FAILURE')?.data.message).toBe(
        'Bad second factor',
      );
    });
  },
  { now: clock.now },
);
