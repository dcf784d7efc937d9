/**
 * Accounts: reset keys are single-use, replaced by a newer request, good for 24
 * hours on the server clock and nothing else; sign-in gives nothing away about which logins
 * exist (same status, body and headers; an unknown login still pays a bcrypt comparison); the
 * per-login lock-out cannot be sidestepped by case or spacing.
 */
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserByLogin, insertUser } from '../../src/accounts/users.ts';
import { DEFAULT_HASH_ROUNDS, hashPassword, verifyPassword } from '../../src/auth/passwords.ts';
import { forEachApp, mailedKey } from '../helpers.ts';

const STRONG = 'Str0ng!Passw0rd';
const HOUR = 3_600_000;
/** Failed sign-ins per login before the lock-out (above what the timing test spends). */
const LIMIT = 8;
let offsetMs = 0;
let addresses = 0;
const nextAddress = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;
const clock = () => Date.now() + offsetMs;

describe('accounts', () => {
  forEachApp(
    (_kind, ctx) => {
      // A fresh address per call unless given: per-address limits are protection.test.ts's subject.
      const post = (
        url: string,
        payload: unknown,
        type = 'application/json',
        remoteAddress = nextAddress(),
      ) =>
        ctx().app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
          remoteAddress,
        });
      const requestReset = async (login: string) => {
        offsetMs = 0;
        const email = `${login}@demo.extranet.example`;
        expect((await post('/api/account/reset-password/init', email, 'text/plain')).statusCode).toBe(200);
        return mailedKey(ctx().config, email, 'reset/finish')!;
      };
      const finish = (key: string, newPassword = STRONG) =>
        post('/api/account/reset-password/finish', { key, newPassword });
      const passwordIs = async (login: string, password: string) =>
        verifyPassword(password, (await findUserByLogin(ctx().db, login))!.passwordHash);

      describe('reset keys', () => {
        it('are refused after 24 hours on the server clock and accepted just before', async () => {
          const key = await requestReset('portefeuille');
          offsetMs = 24 * HOUR + 60_000;
          expect((await finish(key)).statusCode).toBe(400);
          expect(await passwordIs('portefeuille', 'portefeuille')).toBe(true);
          offsetMs = 24 * HOUR - 60_000;
          expect((await finish(key)).statusCode).toBe(200);
          expect(await passwordIs('portefeuille', STRONG)).toBe(true);
          offsetMs = 0;
        });

        it('work once, and a newer request makes the older key worthless', async () => {
          const first = await requestReset('compta');
          const second = await requestReset('compta');
          expect(second).not.toBe(first);
          expect((await finish(first)).statusCode).toBe(400);
          expect((await finish(second)).statusCode).toBe(200);
          expect((await finish(second, 'An0ther!Passw0rd')).statusCode).toBe(400);
          expect(await passwordIs('compta', STRONG)).toBe(true);
        });

        it('open nothing else: a reset key is not an activation key, and signing in does not need it', async () => {
          const key = await requestReset('courtier2');
          const activate = await ctx().app.inject({ method: 'GET', url: `/api/activate?key=${key}` });
          expect(activate.statusCode).toBe(400);
          // Near misses of a live key are refused (no prefix or numeric matching).
          for (const near of [
            key.slice(0, -1),
            `${key}0`,
            ` ${key}`,
            String(BigInt(key) + 1n).padStart(20, '0'),
          ]) {
            expect((await finish(near)).statusCode, near).toBe(400);
          }
          expect(await passwordIs('courtier2', 'courtier2')).toBe(true);
        });

        it('are 20 random digits, different every time', async () => {
          const keys = new Set<string>();
          for (let i = 0; i < 8; i++) keys.add(await requestReset('grossiste'));
          expect(keys.size).toBe(8);
          for (const key of keys) expect(key).toMatch(/^\d{20}$/);
        });
      });

      describe('sign-in', () => {
        beforeAll(async () => {
          // Real cost, as in production, so that timings compare with the decoy hash.
          await insertUser(
            ctx().db,
            {
              login: 'timed',
              passwordHash: await hashPassword(STRONG, DEFAULT_HASH_ROUNDS),
              activated: true,
              authorities: ['ROLE_USER'],
              email: 'timed@example.com',
            },
            'test',
          );
          await insertUser(
            ctx().db,
            {
              login: 'dormant',
              passwordHash: await hashPassword(STRONG, DEFAULT_HASH_ROUNDS),
              activated: false,
              authorities: ['ROLE_USER'],
            },
            'test',
          );
        });
        const signIn = (username: string, password: string, remoteAddress = '192.0.2.10') =>
          post('/api/authenticate', { username, password }, 'application/json', remoteAddress);

        it('answers an unknown login, a wrong password and a wrong password on an inactive account identically', async () => {
          const answers = [
            await signIn('nobody-here', 'Wrong!Passw0rd1'),
            await signIn('timed', 'Wrong!Passw0rd1'),
            await signIn('dormant', 'Wrong!Passw0rd1'),
            await signIn('nobody@example.com', 'Wrong!Passw0rd1'),
          ];
          const shape = (r: (typeof answers)[number]) => ({
            status: r.statusCode,
            body: r.body,
            headers: Object.keys(r.headers)
              .filter((h) => !['date', 'content-length'].includes(h))
              .sort(),
          });
          for (const answer of answers.slice(1)) expect(shape(answer)).toEqual(shape(answers[0]!));
          expect(answers[0]!.statusCode).toBe(401);
        });

        it('spends a bcrypt comparison on an unknown login: median time within 50% of a wrong password', async () => {
          const sample = async (username: string) => {
            const start = performance.now();
            expect((await signIn(username, 'Wrong!Passw0rd1', '192.0.2.77')).statusCode).toBe(401);
            return performance.now() - start;
          };
          await sample('warm-up'); // the decoy hash is computed once, on first use
          const unknown: number[] = [];
          const known: number[] = [];
          for (let i = 0; i < 5; i++) {
            unknown.push(await sample(`ghost${i}`));
            known.push(await sample('timed'));
          }
          // Medians: the machine is shared, one slow sample must not decide.
          const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
          const [u, k] = [median(unknown), median(known)];
          console.info(
            `[security] sign-in median: unknown login ${u.toFixed(1)} ms, wrong password ${k.toFixed(1)} ms`,
          );
          expect(Math.abs(u - k)).toBeLessThan(0.5 * k);
        });

        it('locks a login out of an address whatever its case or surrounding spaces, for known and unknown logins alike', async () => {
          for (const login of ['courtier2', 'nobody-at-all']) {
            const variants = [login, login.toUpperCase(), ` ${login} `];
            const statuses: number[] = [];
            for (let i = 0; i <= LIMIT; i++) {
              statuses.push((await signIn(variants[i % 3]!, 'Wrong!Passw0rd1', '192.0.2.100')).statusCode);
            }
            expect(statuses, login).toEqual([...Array(LIMIT).fill(401), 429]);
            const locked = await signIn(login, STRONG, '192.0.2.100');
            expect(locked.statusCode).toBe(429);
            expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
          }
        });
      });
    },
    { now: clock, env: { SIGNIN_LIMIT_PER_LOGIN: String(LIMIT) } },
  );
});
