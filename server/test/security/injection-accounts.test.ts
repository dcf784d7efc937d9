/**
 * Account side: hostile values (fast-check) in every body field of the account
 * routes (authenticate, register, settings, change password, reset init and finish) and of the
 * users admin and management writes. An answer is below 500; a refused request changes no
 * table; an accepted one stores the text literally.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/accounts/users.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { forEachApp, TEST_HASH_ROUNDS } from '../helpers.ts';
import { enc, expectSafe, hostileJson, hostileText, RUNS } from './hostile.ts';
import { snapshot } from './snapshot.ts';

const STRONG = 'Str0ng!Passw0rd';
let next = 1;
let addresses = 0;
/** A fresh client address per request: per-address limits are protection.test.ts's subject. */
const nextAddress = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;

interface BodyCase {
  readonly name: string;
  readonly method: 'POST' | 'PUT';
  readonly url: string;
  readonly caller?: string;
  /** A body the route accepts. */
  readonly base: () => Record<string, unknown>;
  /** After a 2xx: checks what was stored and undoes it. */
  readonly accepted?: (field: string, value: unknown, body: Record<string, unknown>) => Promise<void>;
}

describe('hostile account and administration bodies', () => {
  forEachApp(
    (kind, ctx) => {
      const headers: Record<string, { authorization: string }> = {};
      let fuzzerId = 0;
      beforeAll(async () => {
        const fuzzer = await insertUser(
          ctx().db,
          {
            login: 'fuzzer',
            passwordHash: await hashPassword(STRONG, TEST_HASH_ROUNDS),
            email: 'fuzzer@example.com',
            firstName: 'Fuzz',
            lastName: 'Er',
            activated: true,
            authorities: ['ROLE_USER'],
          },
          'test',
        );
        fuzzerId = fuzzer.id;
        headers.admin = await ctx().auth('admin');
        headers.fuzzer = await ctx().auth('fuzzer', STRONG);
      });
      const dropUser = (login: string) =>
        ctx().db.query('DELETE FROM users WHERE login = $1 AND login NOT IN ($2, $3)', [
          login,
          'admin',
          'fuzzer',
        ]);
      const stored = (value: unknown) =>
        kind === 'pglite' && typeof value === 'string'
          ? value.toWellFormed().replace(/^\uFEFF/, '')
          : typeof value === 'string'
            ? value.toWellFormed()
            : value;

      const CASES: readonly BodyCase[] = [
        {
          name: 'sign-in',
          method: 'POST',
          url: '/api/authenticate',
          base: () => ({ username: 'fuzzer', password: 'wrong-password', rememberMe: false }),
        },
        {
          name: 'register',
          method: 'POST',
          url: '/api/register',
          base: () => {
            const n = next++;
            return { login: `reg${n}`, email: `reg${n}@example.com`, password: STRONG, langKey: 'fr' };
          },
          accepted: async (_field, _value, body) => {
            await dropUser(String(body.login).toLowerCase());
          },
        },
        {
          name: 'settings',
          method: 'POST',
          url: '/api/account',
          caller: 'fuzzer',
          base: () => ({
            login: 'fuzzer',
            firstName: 'Fuzz',
            lastName: 'Er',
            email: 'fuzzer@example.com',
            langKey: 'fr',
          }),
          accepted: async (field, value) => {
            const account = (
              await ctx().app.inject({ method: 'GET', url: '/api/account', headers: headers.fuzzer })
            ).json();
            // Only text is compared: the schema coerces scalars to strings as Jackson does.
            if (['firstName', 'lastName', 'imageUrl'].includes(field) && typeof value === 'string')
              expect(account[field]).toBe(stored(value));
            await ctx().db.query(
              "UPDATE users SET first_name = 'Fuzz', last_name = 'Er', email = 'fuzzer@example.com', lang_key = 'fr', image_url = NULL, last_modified_by = 'test', last_modified_date = NULL WHERE id = $1",
              [fuzzerId],
            );
          },
        },
        {
          name: 'reset finish',
          method: 'POST',
          url: '/api/account/reset-password/finish',
          base: () => ({ key: '12345678901234567890', newPassword: STRONG }),
        },
        {
          name: 'user creation',
          method: 'POST',
          url: '/api/users',
          caller: 'admin',
          base: () => {
            const n = next++;
            return {
              login: `adm${n}`,
              email: `adm${n}@example.com`,
              marque: 'UCR',
              password: 'init',
              authorities: ['ROLE_USER'],
            };
          },
          accepted: async (field, value, body) => {
            const login = String(body.login).toLowerCase();
            const user = (
              await ctx().app.inject({
                method: 'GET',
                url: `/api/users/${enc(login)}`,
                headers: headers.admin,
              })
            ).json();
            if (
              ['firstName', 'lastName', 'imageUrl', 'marque', 'codeCourtier'].includes(field) &&
              typeof value === 'string'
            )
              expect(user[field]).toBe(stored(value));
            await dropUser(login);
          },
        },
        {
          name: 'user update',
          method: 'PUT',
          url: '/api/users',
          caller: 'admin',
          base: () => ({
            id: fuzzerId,
            login: 'fuzzer',
            email: 'fuzzer@example.com',
            marque: 'UCR',
            activated: true,
          }),
          accepted: async () => {
            await ctx().db.query(
              "UPDATE users SET login = 'fuzzer', first_name = 'Fuzz', last_name = 'Er', email = 'fuzzer@example.com', lang_key = 'fr', image_url = NULL, marque = NULL, code_courtier = NULL, activated = true, last_modified_by = 'test', last_modified_date = NULL WHERE id = $1",
              [fuzzerId],
            );
            await ctx().db.query('DELETE FROM user_authority WHERE user_id = $1', [fuzzerId]);
            await ctx().db.query(
              "INSERT INTO user_authority (user_id, authority_name) VALUES ($1, 'ROLE_USER')",
              [fuzzerId],
            );
          },
        },
        {
          name: 'log level',
          method: 'PUT',
          url: '/management/logs',
          caller: 'admin',
          base: () => ({ name: 'fuzz', level: 'INFO' }),
        },
      ];

      for (const c of CASES) {
        it(`${c.method} ${c.url} (${c.name}): one hostile field at a time`, async () => {
          const fields = Object.keys(c.base());
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(
                { weight: 6, arbitrary: fc.constantFrom(...fields, 'id', 'authorities', 'activated') },
                hostileText,
              ),
              hostileJson,
              async (field, value) => {
                const body = { ...c.base(), [field]: value };
                const before = await snapshot(ctx().db);
                const response = await ctx().app.inject({
                  remoteAddress: nextAddress(),
                  method: c.method,
                  url: c.url,
                  headers: { ...(c.caller ? headers[c.caller] : {}), 'content-type': 'application/json' },
                  payload: JSON.stringify(body),
                });
                const label = `${c.method} ${c.url} ${field}=${JSON.stringify(value)?.slice(0, 100)}`;
                expectSafe(label, response);
                if (response.statusCode >= 400) expect(await snapshot(ctx().db), label).toEqual(before);
                else await c.accepted?.(field, value, body);
              },
            ),
            { numRuns: Math.ceil(RUNS / 2) },
          );
        });
      }

      it('raw text bodies of reset init and change password: hostile text is a 4xx and changes nothing', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('/api/account/reset-password/init', '/api/account/change-password'),
            fc.constantFrom(
              'text/plain',
              'application/json',
              'application/x-www-form-urlencoded',
              'text/plain; charset=latin1',
            ),
            hostileText,
            async (url, type, text) => {
              fc.pre(
                !(
                  url.endsWith('change-password') &&
                  /[a-z]/.test(text) &&
                  /[A-Z]/.test(text) &&
                  /\d/.test(text)
                ),
              );
              const before = await snapshot(ctx().db);
              const response = await ctx().app.inject({
                remoteAddress: nextAddress(),
                method: 'POST',
                url,
                headers: { ...headers.fuzzer, 'content-type': type },
                payload: type === 'application/json' ? JSON.stringify(text) : text,
              });
              expectSafe(`POST ${url} (${type}) ${text.slice(0, 80)}`, response);
              expect(response.statusCode).toBeGreaterThanOrEqual(400);
              expect(await snapshot(ctx().db)).toEqual(before);
            },
          ),
          { numRuns: RUNS },
        );
      });

      it('DELETE /api/users/{login} with hostile logins deletes nothing', async () => {
        const before = await snapshot(ctx().db);
        await fc.assert(
          fc.asyncProperty(hostileText, async (login) => {
            const url = `/api/users/${enc(login)}`;
            const response = await ctx().app.inject({ method: 'DELETE', url, headers: headers.admin });
            expectSafe(`DELETE ${url.slice(0, 120)}`, response);
          }),
          { numRuns: Math.ceil(RUNS / 2) },
        );
        expect(await snapshot(ctx().db)).toEqual(before);
      });
    },
    { env: { SIGNIN_LIMIT_PER_LOGIN: '100000' } },
  );
});
