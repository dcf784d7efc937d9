import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../testing/fakeDeps.ts';
import { run } from './show.ts';

describe('extranet statements show', () => {
  it('takes the list options only with --lines, and sends nothing without', async () => {
    const fake = fakeDeps();
    await expect(run({ id: '5', size: '20' }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: '--size goes only with --lines (the statement’s lines).',
    });
    await expect(run({ id: '5', filter: ['police.equals=X'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: '--filter goes only with --lines (the statement’s lines).',
    });
    expect(fake.calls).toEqual([]);
  });
});
