import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { forEachApp, TEST_JWT_SECRET } from '../helpers.ts';
import { movableClock, problemType, type StartedEnrolment, tables } from './two-factor-helpers.ts';

const clock = movableClock();

forEachApp(
  (_kind, ctx) => {
    // One token per user, taken before any enrolment (afterwards signing in needs a code).
    const signedIn = new Map<string, { authorization: string }>();
    const call = async (login: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      if (!signedIn.has(login)) signedIn.set(login, await ctx().auth(login));
      const response = await ctx().app.inject({
        method,
        url,
        headers: signedIn.get(login)!,
        ...(payload ? { payload } : {}),
      });
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    };
    const start = async (login: string) => {
      const started = await call(login, 'POST', '/api/account/two-factor/enrolment');
      expect(started.status).toBe(200);
      return started.body as StartedEnrolment;
    };

    it('starts an enrolment with a secret, its otpauth address and a QR code, storing nothing', async () => {
      const before = await tables(ctx().db);
      const enrolment = await start('portefeuille');
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
      expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Extranet:portefeuille\?/);
      expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
      expect(Date.parse(enrolment.expiresAt) - clock.now()).toBe(600_000);
      expect(await tables(ctx().db)).toEqual(before);
      expect((await call('portefeuille', 'GET', '/api/account/two-factor')).body).toMatchObject({
        enabled: false,
      });
    });

    it('refuses a wrong code, an expired, tampered or foreign enrolment, changing nothing', async () => {
      const enrolment = await start('courtier2');
      const other = await start('portefeuille');
      const before = await tables(ctx().db);
      const confirm = (enrolmentToken: string, code: string) =>
        call('courtier2', 'POST', '/api/account/two-factor', { enrolmentToken, code });
      const wrong = (Number(clock.code(enrolment.secret)) + 1).toString().padStart(6, '0').slice(-6);
      expect(await confirm(enrolment.enrolmentToken, wrong)).toMatchObject({
        status: 400,
        body: { type: problemType('invalid-second-factor') },
      });
      // Another user's enrolment with a code of its secret.
      expect(await confirm(other.enrolmentToken, clock.code(other.secret))).toMatchObject({
        status: 400,
        body: { type: problemType('invalid-enrolment') },
      });
      // The token with one character of its signature changed.
      const [h, p, s] = enrolment.enrolmentToken.split('.') as [string, string, string];
      const flipped = `${h}.${p}.${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
      expect((await confirm(flipped, clock.code(enrolment.secret))).status).toBe(400);
      // A token naming the user with a secret of the caller's choosing, signed with the bearer key.
      const forged = await new SignJWT({ uid: 0, ver: 0, totp: enrolment.secret })
        .setProtectedHeader({ alg: 'HS512' })
        .setAudience('two-factor-enrolment')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      expect((await confirm(forged, clock.code(enrolment.secret))).body).toMatchObject({
        type: problemType('invalid-enrolment'),
      });
      // Past its ten minutes.
      clock.advance(601);
      expect(await confirm(enrolment.enrolmentToken, clock.code(enrolment.secret))).toMatchObject({
        status: 400,
        body: { type: problemType('invalid-enrolment'), message: 'login.messages.error.enrolmentExpired' },
      });
      expect(await tables(ctx().db)).toEqual(before);
      expect((await call('courtier2', 'GET', '/api/account/two-factor')).body).toMatchObject({
        enabled: false,
      });
    });

    it('confirms with a code: ten distinct recovery codes shown once and stored hashed; never twice', async () => {
      const enrolment = await start('courtier');
      const code = clock.code(enrolment.secret);
      const confirmed = await call('courtier', 'POST', '/api/account/two-factor', {
        enrolmentToken: enrolment.enrolmentToken,
        code,
      });
      expect(confirmed.status).toBe(200);
      const codes = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      const stored = await ctx().db.query<{ code_hash: string }>(
        `SELECT code_hash FROM two_factor_recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.login = 'courtier'`,
      );
      expect(stored).toHaveLength(10);
      for (const { code_hash } of stored) {
        expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(codes.map((c) => c.replace('-', ''))).not.toContain(code_hash);
      }
      expect((await call('courtier', 'GET', '/api/account/two-factor')).body).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      // The same confirmation again: refused, and the codes given stay the valid ones.
      const before = await tables(ctx().db);
      const again = await call('courtier', 'POST', '/api/account/two-factor', {
        enrolmentToken: enrolment.enrolmentToken,
        code,
      });
      expect(again.status).toBe(400);
      expect(await tables(ctx().db)).toEqual(before);
      // A second enrolment while one is on is refused too.
      expect((await call('courtier', 'POST', '/api/account/two-factor/enrolment')).status).toBe(400);
      // The code used to confirm does not sign in.
      const replay = await ctx().app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'courtier', password: 'courtier', code },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ type: problemType('invalid-second-factor') });
    });

    it('audits the enrolment and the refused confirmations', async () => {
      const rows = await ctx().db.query<{ principal: string; event_type: string }>(
        `SELECT principal, event_type FROM audit_events
          WHERE event_type IN ('TWO_FACTOR_ENROLLED', 'SECOND_FACTOR_FAILURE') ORDER BY id`,
      );
      expect(rows.filter((r) => r.event_type === 'TWO_FACTOR_ENROLLED').map((r) => r.principal)).toEqual([
        'courtier',
      ]);
      expect(
        rows.filter((r) => r.principal === 'courtier2' && r.event_type === 'SECOND_FACTOR_FAILURE').length,
      ).toBe(5);
    });
  },
  { now: clock.now },
);
