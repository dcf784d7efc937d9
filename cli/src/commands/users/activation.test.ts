import { sampleUser } from '@extranet/core/testing/userSamples.ts';
import { describe, expect, it } from 'vitest';
import { fakeDeps, json } from '../../testing/fakeDeps.ts';
import { run as activate } from './activate.ts';
import { run as deactivate } from './deactivate.ts';

const user = (activated: boolean) => sampleUser('compta', { activated });

describe('users activate/deactivate run()', () => {
  it('changes the user with a PUT of the whole user; twice is harmless (no PUT)', async () => {
    let put: Record<string, unknown> | undefined;
    const fake = fakeDeps({
      routes: {
        'GET api/users/compta': () => json(user(true)),
        'PUT api/users': async (request) => {
          put = (await request.json()) as Record<string, unknown>;
          return json(user(false));
        },
      },
    });
    expect(await deactivate({ login: 'compta' }, fake.deps)).toBe(0);
    expect(put).toMatchObject({
      login: 'compta',
      activated: false,
      email: 'compta@example.fr',
      authorities: ['ROLE_USER'],
    });
    expect(fake.stderr()).toBe('User compta deactivated.\n');
    const again = fakeDeps({
      routes: { 'GET api/users/compta': () => json(user(true)) },
      out: { format: 'json' },
    });
    await activate({ login: 'compta' }, again.deps);
    expect(JSON.parse(again.stdout())).toEqual({ login: 'compta', activated: true, changed: false });
    expect(again.calls).toEqual(['GET api/users/compta']);
  });

  it('an unknown login exits 1; a malformed one exits 2 before any request', async () => {
    const fake = fakeDeps({ routes: {} });
    await expect(activate({ login: 'nobody' }, fake.deps)).rejects.toMatchObject({
      exitCode: 1,
      message: 'User nobody not found.',
    });
    await expect(activate({ login: 'a b' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.calls).toEqual(['GET api/users/nobody']);
  });

  it('a user without an e-mail address is not changed, and the admin is told why (exit 1, no PUT)', async () => {
    const fake = fakeDeps({
      routes: { 'GET api/users/compta': () => json({ ...user(true), email: null }) },
    });
    await expect(deactivate({ login: 'compta' }, fake.deps)).rejects.toMatchObject({
      exitCode: 1,
      message:
        'User compta has no e-mail address, which an update needs: give it one in the web administration first.',
    });
    expect(fake.calls).toEqual(['GET api/users/compta']);
  });
});
