import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../testing/fakeDeps.ts';
import { run } from './pdf.ts';

const PDF = '%PDF-1.4 fake';
const routes = {
  'GET api/commissions/download/7': () =>
    new Response(PDF, {
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="b-7.pdf"' },
    }),
};

describe('statements pdf run()', () => {
  it('saves under the server’s name; a second run refuses to overwrite; --force does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const first = fakeDeps({ routes });
      expect(await run({ id: '7' }, first.deps)).toBe(0);
      expect(readFileSync(join(dir, 'b-7.pdf'), 'utf8')).toBe(PDF);
      expect(first.stderr()).toBe(`Saved to ${join(dir, 'b-7.pdf')} (13 bytes)\n`);
      writeFileSync(join(dir, 'b-7.pdf'), 'mine');
      const second = fakeDeps({ routes });
      await expect(run({ id: '7' }, second.deps)).rejects.toMatchObject({ exitCode: 2 });
      expect(readFileSync(join(dir, 'b-7.pdf'), 'utf8')).toBe('mine');
      expect(await run({ id: '7', force: true }, second.deps)).toBe(0);
      expect(readFileSync(join(dir, 'b-7.pdf'), 'utf8')).toBe(PDF);
    } finally {
      process.chdir(cwd);
    }
  });

  it('an existing --out is refused before downloading', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
    writeFileSync(join(dir, 'x.pdf'), 'mine');
    const fake = fakeDeps({ routes });
    await expect(run({ id: '7', out: join(dir, 'x.pdf') }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.calls).toEqual([]);
  });

  it('--out - writes the bytes to stdout; an unknown statement exits 1', async () => {
    const fake = fakeDeps({ routes });
    await run({ id: '7', out: '-' }, fake.deps);
    expect(fake.stdout()).toBe(PDF);
    await expect(run({ id: '8', out: '-' }, fake.deps)).rejects.toMatchObject({
      exitCode: 1,
      message: 'Statement 8 not found or without a PDF.',
    });
  });
});
