import { describe, expect, it } from 'vitest';
import { fakeDeps, json } from '../../testing/fakeDeps.ts';
import { run } from './set.ts';

const routes = {
  'GET management/logs': () =>
    json([
      { name: 'extranet.web', level: 'WARN' },
      { name: 'root', level: 'INFO' },
    ]),
  'PUT management/logs': () => new Response(null, { status: 204 }),
};

describe('logs set run()', () => {
  it('a logger the server lists: PUT with the level in capitals; the confirmation on stderr', async () => {
    const fake = fakeDeps({ routes });
    expect(await run({ logger: 'extranet.web', level: 'debug' }, fake.deps)).toBe(0);
    expect(fake.calls).toEqual(['GET management/logs', 'PUT management/logs']);
    expect(fake.stderr()).toBe('extranet.web: level DEBUG\n');
  });

  it('an unknown logger is refused (exit 2) and nothing is changed; --create sets it', async () => {
    const fake = fakeDeps({ routes });
    await expect(run({ logger: 'nosuch.logger', level: 'DEBUG' }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: 'Unknown logger "nosuch.logger" (close: —): use --create to add it.',
    });
    await expect(run({ logger: 'extranet.wbe', level: 'DEBUG' }, fake.deps)).rejects.toMatchObject({
      message: expect.stringContaining('Unknown logger "extranet.wbe"'),
    });
    expect(fake.calls).not.toContain('PUT management/logs');
    expect(await run({ logger: 'nosuch.logger', level: 'DEBUG', create: true }, fake.deps)).toBe(0);
    expect(fake.calls.at(-1)).toBe('PUT management/logs');
  });

  it('a bad level or an empty name: exit 2 before any request', async () => {
    const fake = fakeDeps({ routes });
    await expect(run({ logger: 'root', level: 'LOUD' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ logger: ' ', level: 'INFO' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.calls).toEqual([]);
  });
});
