import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translate.ts';
import { resolveServer } from '../../server.ts';
import { fakeDeps } from '../../testing/fakeDeps.ts';
import { run } from './run.ts';

const t = createTranslator('en');

describe('context run()', () => {
  it('add, use, list and remove named servers; the current one decides the server', async () => {
    const fake = fakeDeps();
    const dir = fake.deps.configDir;
    await run({ verb: 'add', args: ['prod', 'https://extranet.example.com'] }, fake.deps);
    await run({ verb: 'add', args: ['local', 'http://localhost:8080/'], use: true }, fake.deps);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      current: 'local',
      contexts: {
        prod: { server: 'https://extranet.example.com/' },
        local: { server: 'http://localhost:8080/' },
      },
    });
    expect(resolveServer({}, {}, dir, t)).toEqual({ server: 'http://localhost:8080/', context: 'local' });
    await run({ verb: 'use', args: ['prod'] }, fake.deps);
    expect(resolveServer({}, {}, dir, t)).toEqual({
      server: 'https://extranet.example.com/',
      context: 'prod',
    });
    // The most explicit wins: --server, --context, EXTRANET_URL, EXTRANET_CONTEXT, then the current one.
    expect(resolveServer({ server: 'http://a/' }, { EXTRANET_URL: 'http://b/' }, dir, t).server).toBe(
      'http://a/',
    );
    expect(resolveServer({ context: 'local' }, { EXTRANET_URL: 'http://b/' }, dir, t).server).toBe(
      'http://localhost:8080/',
    );
    expect(resolveServer({}, { EXTRANET_URL: 'http://b/', EXTRANET_CONTEXT: 'local' }, dir, t).server).toBe(
      'http://b/',
    );
    expect(resolveServer({}, { EXTRANET_CONTEXT: 'local' }, dir, t).server).toBe('http://localhost:8080/');

    const list = fakeDeps({ configDir: dir });
    await run({ verb: 'list', args: [] }, list.deps);
    expect(list.stdout()).toBe(
      'current\tname\tserver\tsignedIn\ntrue\tprod\thttps://extranet.example.com/\tfalse\nfalse\tlocal\thttp://localhost:8080/\tfalse\n',
    );
    await run({ verb: 'remove', args: ['prod'] }, fake.deps);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      contexts: { local: { server: 'http://localhost:8080/' } },
    });
  });

  it('an unknown context or a bad name or URL: exit 2', async () => {
    const fake = fakeDeps();
    await expect(run({ verb: 'use', args: ['nope'] }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ verb: 'add', args: ['a b', 'http://x/'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(run({ verb: 'add', args: ['x', 'ftp://x/'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(() => resolveServer({ context: 'nope' }, {}, fake.deps.configDir, t)).toThrow(
      /Unknown context "nope"/,
    );
  });
});
