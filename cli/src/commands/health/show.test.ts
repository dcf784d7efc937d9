import { describe, expect, it } from 'vitest';
import { fakeDeps, json } from '../../testing/fakeDeps.ts';
import { run } from './show.ts';

describe('health run()', () => {
  it('UP: exit 0; a pipe gets the indicators as TSV and the status on stderr', async () => {
    const fake = fakeDeps({
      routes: {
        'GET management/health': () => json({ status: 'UP', db: { status: 'UP', database: 'PGlite' } }),
      },
    });
    expect(await run({}, fake.deps)).toBe(0);
    expect(fake.stdout()).toBe('name\tstatus\tdetails\ndb\tUP\tdatabase=PGlite\n');
    expect(fake.stderr()).toBe('Status: UP\n');
  });

  it('DOWN (503 with its body): exit 1, the failing indicator’s error shown', async () => {
    const fake = fakeDeps({
      routes: {
        'GET management/health': () =>
          json({ status: 'DOWN', db: { status: 'DOWN', error: 'connection refused' } }, { status: 503 }),
      },
      out: { format: 'table' },
    });
    expect(await run({}, fake.deps)).toBe(1);
    expect(fake.stdout()).toMatch(/^Status: DOWN$/m);
    expect(fake.stdout()).toMatch(/^db\s+DOWN\s+connection refused$/m);
  });
});
