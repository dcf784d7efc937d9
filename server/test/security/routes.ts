/** Helpers of the suites that walk every registered route (route-access, invalid-text, no-store). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPMethods } from 'fastify';
import { insertUser, ROLES } from '../../src/accounts/users.ts';
import type { Access } from '../../src/auth/access.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { type AppContext, TEST_HASH_ROUNDS } from '../helpers.ts';

/** A concrete URL for a route pattern: `1` for each parameter, `x` for the wildcard. */
export const concrete = (pattern: string) => pattern.replace(/:\w+/g, '1').replace(/\*$/, 'x');

/** Every route the app registered (HEAD twins included), with its access rule. */
export const registeredRoutes = (ctx: AppContext): [HTTPMethods, string, Access][] =>
  [...ctx.app.routeAccess.entries()].map(([key, access]) => {
    const [method, pattern] = key.split(' ') as [HTTPMethods, string];
    return [method, pattern, access];
  });

/** A built web app's folder (index.html and a hashed asset), so the static routes exist. */
export function fakeWebDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Extranet</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  return dist;
}

/** Headers of a user holding every role, so that no route refuses the call before its own checks. */
export async function everyRoleCaller(ctx: AppContext): Promise<{ authorization: string }> {
  await insertUser(
    ctx.db,
    {
      login: 'allroles',
      passwordHash: await hashPassword('allroles-pass', TEST_HASH_ROUNDS),
      activated: true,
      authorities: [...ROLES],
    },
    'test',
  );
  return ctx.auth('allroles', 'allroles-pass');
}
