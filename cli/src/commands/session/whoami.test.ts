import { describe, expect, it } from 'vitest';
import { fakeDeps, json, problem } from '../../testing/fakeDeps.ts';
import { run } from './whoami.ts';

const account = {
  login: 'courtier',
  firstName: 'Claire',
  lastName: 'Courtier',
  email: 'c@x.test',
  imageUrl: null,
  authorities: ['ROLE_USER', 'ROLE_COMPTA'],
  marque: 'UCR',
  codeCourtier: 'C0001',
  langKey: 'fr',
  activated: true,
};
const routes = { 'GET api/account': () => json(account) };

describe('whoami run()', () => {
  it('a pipe gets field/value rows with a header, stable keys, nothing on stderr', async () => {
    const fake = fakeDeps({ routes });
    expect(await run({}, fake.deps)).toBe(0);
    expect(fake.stdout().split('\n')).toEqual([
      'field\tvalue',
      'login\tcourtier',
      'name\tClaire Courtier',
      'email\tc@x.test',
      'authorities\tROLE_USER, ROLE_COMPTA',
      'marque\tUCR',
      'codeCourtier\tC0001',
      'langKey\tfr',
      'server\thttp://extranet.test/',
      '',
    ]);
    expect(fake.stderr()).toBe('');
    expect(fake.calls).toEqual(['GET api/account']);
  });

  it('a table: labels for people, and the context when one is in use', async () => {
    const fake = fakeDeps({ routes, out: { format: 'table' }, context: 'prod' });
    await run({}, fake.deps);
    expect(fake.stdout()).toMatch(/^Broker code {2}C0001$/m);
    expect(fake.stdout()).toMatch(/^Context {6}prod$/m);
  });

  it('json: server, context and the account', async () => {
    const fake = fakeDeps({ routes, out: { format: 'json' }, context: 'prod' });
    await run({}, fake.deps);
    expect(JSON.parse(fake.stdout())).toEqual({ server: 'http://extranet.test/', context: 'prod', account });
  });

  it('not signed in: exit 3 before any request', async () => {
    const fake = fakeDeps({ routes, token: undefined });
    await expect(run({}, fake.deps)).rejects.toMatchObject({ exitCode: 3 });
    expect(fake.calls).toEqual([]);
  });

  it('a refused token: exit 3, and a 401 elsewhere than api/account forgets it', async () => {
    const fake = fakeDeps({ routes: { 'GET api/account': () => problem(401, { title: 'Unauthorized' }) } });
    await expect(run({}, fake.deps)).rejects.toMatchObject({
      exitCode: 3,
      message: 'Session expired or refused by http://extranet.test/: run "extranet login".',
    });
    // Core's rule: a 401 on api/account does not end the session by itself.
    expect(fake.tokens.value).toBe('h.p.s');
  });
});
