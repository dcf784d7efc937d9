import { describe, expect, it } from 'vitest';
import { fakeDeps, problem } from '../../testing/fakeDeps.ts';
import { run } from './login.ts';
import { run as logout } from './logout.ts';

describe('login run()', () => {
  it('Esc or Ctrl-C at the prompt: exit 130, nothing sent', async () => {
    const fake = fakeDeps();
    const stdin = Object.assign(fake.deps.io.stdin, { isTTY: true });
    const deps = { ...fake.deps, io: { ...fake.deps.io, stdin }, prompt: async () => undefined };
    await expect(run({}, deps)).rejects.toMatchObject({ exitCode: 130, message: 'Sign-in cancelled.' });
    expect(fake.calls).toEqual([]);
  });

  it('no terminal and no --password-stdin: exit 2', async () => {
    const fake = fakeDeps();
    await expect(run({}, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe('logout run()', () => {
  it('ends the server session then forgets the kept token; with EXTRANET_TOKEN it says how to sign out instead', async () => {
    const fake = fakeDeps({
      routes: { 'DELETE api/account/sessions/current': () => new Response(null, { status: 204 }) },
    });
    await logout({}, fake.deps);
    expect(fake.calls).toEqual(['DELETE api/account/sessions/current']);
    expect(fake.tokens.value).toBeUndefined();
    expect(fake.stderr()).toBe('Signed out.\n');
    const env = fakeDeps();
    await logout({}, { ...env.deps, tokens: { ...env.deps.tokens, source: 'env' } });
    expect(env.tokens.value).toBe('h.p.s');
    expect(env.stderr()).toBe('The token comes from EXTRANET_TOKEN: unset it to sign out.\n');
    expect(env.calls).toEqual([]);
  });

  it('a session already ended signs out quietly; a server that fails still loses the token, saying so', async () => {
    const ended = fakeDeps({
      routes: { 'DELETE api/account/sessions/current': () => problem(401, { title: 'Unauthorized' }) },
    });
    await logout({}, ended.deps);
    expect(ended.tokens.value).toBeUndefined();
    expect(ended.stderr()).toBe('Signed out.\n');
    const down = fakeDeps({
      routes: { 'DELETE api/account/sessions/current': () => problem(503, { title: 'Service Unavailable' }) },
    });
    await logout({}, down.deps);
    expect(down.tokens.value).toBeUndefined();
    expect(down.stderr()).toMatch(
      /^Token deleted, but the server could not be told \(.+\): the session ends when the token expires\.\n$/,
    );
  });
});
