import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeDeps, json, problem } from '../../testing/fakeDeps.ts';
import type { ProgressEvent } from '../../ui/progressFeed.ts';
import { run } from './export.ts';

const CSV = '\uFEFFId;Police;Montant\r\n1;A;1,00\r\n2;B;2,00\r\n3;C;3,00\r\n';
const statement = { id: 7, idBordereau: 7, nb: 3, typeBordereau: 'Définitif', mois: '2024-05-01' };

/** Records when the bar appeared and what it was told. */
const progressSpy = () => {
  const seen: { label: string; total: number | undefined; events: ProgressEvent[]; stopped: boolean } = {
    label: '',
    total: undefined,
    events: [],
    stopped: false,
  };
  const progress = async (
    label: string,
    total: number | undefined,
    feed: { subscribe: (l: (e: ProgressEvent) => void) => unknown },
  ) => {
    Object.assign(seen, { label, total });
    feed.subscribe((event) => seen.events.push(event));
    return async () => {
      seen.stopped = true;
    };
  };
  return { seen, progress };
};

const exportRoutes = (csv = CSV) => ({
  'GET api/commissions/7': () => json(statement),
  'GET api/mouvements/7/export.csv': () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
});

describe('statements export run()', () => {
  it('counts movements, not the CSV header; the bar reaches the statement’s line count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const fake = fakeDeps({ routes: exportRoutes() });
    const spy = progressSpy();
    const code = await run({ id: '7', out: join(dir, 'm.csv') }, { ...fake.deps, progress: spy.progress });
    expect(code).toBe(0);
    expect(readFileSync(join(dir, 'm.csv'), 'utf8')).toBe(CSV);
    expect(spy.seen).toMatchObject({ label: 'm.csv', total: 3, stopped: true });
    expect(spy.seen.events.at(-1)).toEqual({ type: 'download.progress', loaded: 3, total: 3 });
    expect(Math.max(...spy.seen.events.map((e) => e.loaded))).toBe(3);
    expect(fake.stderr()).toBe(`Exported 3 movements to ${join(dir, 'm.csv')}\n`);
    expect(fake.stdout()).toBe('');
  });

  it('a refusal (403) shows no bar and leaves no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const fake = fakeDeps({
      routes: {
        'GET api/commissions/7': () => json(statement),
        'GET api/mouvements/7/export.csv': () => problem(403, { title: 'Forbidden' }),
      },
    });
    const spy = progressSpy();
    await expect(
      run({ id: '7', out: join(dir, 'm.csv') }, { ...fake.deps, progress: spy.progress }),
    ).rejects.toMatchObject({
      exitCode: 3,
    });
    expect(spy.seen.label).toBe(''); // never shown, not even at 0 %
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an existing file is refused (exit 2) unless --force, and stays untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const target = join(dir, 'm.csv');
    writeFileSync(target, 'mine');
    const fake = fakeDeps({ routes: exportRoutes() });
    await expect(run({ id: '7', out: target }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: `"${target}" already exists: use --force to overwrite it, or --out to choose another name.`,
    });
    expect(readFileSync(target, 'utf8')).toBe('mine');
    expect(fake.calls).toEqual([]);
    expect(await run({ id: '7', out: target, force: true }, fake.deps)).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(CSV);
  });

  it('--out - writes the CSV to stdout and nothing else', async () => {
    const fake = fakeDeps({ routes: exportRoutes() });
    await run({ id: '7', out: '-' }, fake.deps);
    expect(fake.stdout()).toBe(CSV);
    expect(fake.stderr()).toBe('');
  });

  it('--month joins the paid statements under one header, forecasts left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const fake = fakeDeps({
      routes: {
        'GET api/commissions': () =>
          json([
            { id: 7, idBordereau: 7, nb: 3, typeBordereau: 'Définitif' },
            { id: 8, idBordereau: 8, nb: 1, typeBordereau: 'Prévisionnel' },
            { id: 9, idBordereau: 9, nb: 1, typeBordereau: 'Définitif' },
          ]),
        'GET api/mouvements/7/export.csv': () => new Response(CSV),
        'GET api/mouvements/9/export.csv': () => new Response('\uFEFFId;Police;Montant\r\n4;D;4,00\r\n'),
      },
      out: { format: 'json' },
    });
    await run({ month: '2024-05', out: join(dir, 'may.csv') }, fake.deps);
    expect(JSON.parse(fake.stdout())).toMatchObject({ lines: 4, statements: [7, 9] });
    expect(readFileSync(join(dir, 'may.csv'), 'utf8')).toBe(`${CSV}4;D;4,00\r\n`);
    expect(fake.calls[0]).toContain('mois.gte=2024-05-01&mois.lte=2024-05-31');
  });

  it('bad input is refused before any request', async () => {
    const fake = fakeDeps({ routes: exportRoutes() });
    await expect(run({}, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ id: '7', month: '2024-05' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ month: '2024-5' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ id: 'x' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ id: '7', out: '/nonexistent/dir/x.csv' }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(fake.calls).toEqual([]);
    expect(existsSync('mouvements-7.csv')).toBe(false);
  });
});
