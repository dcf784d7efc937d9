import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;
let courtier2: Session;

beforeAll(async () => {
  server = await startServer();
  [courtier, courtier2] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'courtier2'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('policies list', () => {
  it('prints the same page as the API, as a table fitted to 100 columns on a pipe', async () => {
    const result = await runBin(['policies', 'list', '--size', '5', '--sort', 'idPolice,asc'], {
      env: courtier.env,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const api = await apiGet(server.url, courtier, 'api/police?page=0&size=5&sort=idPolice,asc');
    const rows = (await api.json()) as { police: string; nomprenom: string }[];
    const total = Number(api.headers.get('x-total-count'));
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Policy\s+Name\s+Risk/);
    expect(lines).toHaveLength(2 + rows.length + 1);
    for (const [i, row] of rows.entries())
      expect(lines[2 + i]!.startsWith(row.police.slice(0, 8))).toBe(true);
    expect(lines.at(-1)).toBe(`Page 1/${Math.ceil(total / 5)} — ${total} row(s)`);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('--json gives the page with the filters applied by the server', async () => {
    const result = await runBin(
      ['policies', 'list', '--filter', 'risque.in=Santé,Obsèques', '--size', '50', '--json'],
      { env: courtier.env },
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    const api = await apiGet(
      server.url,
      courtier,
      `api/police?page=0&size=50&sort=dateCreation,desc&risque.in=${encodeURIComponent('Santé,Obsèques')}`,
    );
    expect(body.total).toBe(Number(api.headers.get('x-total-count')));
    expect(body).toMatchObject({ page: 1, size: 50 });
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(['Santé', 'Obsèques']).toContain(item.risque);
    expect(body.items.map((p: { idPolice: number }) => p.idPolice)).toEqual(
      ((await api.json()) as { idPolice: number }[]).map((p) => p.idPolice),
    );
  });

  it('applies the broker scope: courtier2 sees only C0002 rows', async () => {
    const result = await runBin(['policies', 'list', '--size', '100', '--json'], { env: courtier2.env });
    const body = JSON.parse(result.stdout);
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(item.codeCourtierPortail).toBe('C0002');
  });

  it('--preset, --q and --page reach the server', async () => {
    const all = JSON.parse(
      (await runBin(['policies', 'list', '--q', 'a', '--size', '2', '--json'], { env: courtier.env })).stdout,
    );
    const second = JSON.parse(
      (
        await runBin(['policies', 'list', '--q', 'a', '--size', '2', '--page', '2', '--json'], {
          env: courtier.env,
        })
      ).stdout,
    );
    expect(second.page).toBe(2);
    expect(second.total).toBe(all.total);
    expect(second.items[0].idPolice).not.toBe(all.items[0].idPolice);
    const preset = await runBin(['policies', 'list', '--preset', 'res', '--json'], { env: courtier.env });
    expect(preset.code).toBe(0);
    const expected = (await (
      await apiGet(server.url, courtier, 'api/police?page=0&size=20&sort=dateCreation,desc&preset=RES')
    ).json()) as {
      idPolice: number;
    }[];
    const unfiltered = JSON.parse(
      (await runBin(['policies', 'list', '--json'], { env: courtier.env })).stdout,
    );
    expect(JSON.parse(preset.stdout).total).toBeLessThan(unfiltered.total);
    expect(JSON.parse(preset.stdout).items.map((p: { idPolice: number }) => p.idPolice)).toEqual(
      expected.map((p) => p.idPolice),
    );
  });

  it('bad filter syntax, an unknown field, a bad page: exit 2 with one line', async () => {
    const syntax = await runBin(['policies', 'list', '--filter', 'risque=Santé'], { env: courtier.env });
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toBe(
      'extranet: Invalid filter "risque=Santé": expected field.op=value, op one of in, equals, contains, startsWith, gte, lte\n',
    );
    const field = await runBin(['policies', 'list', '--filter', 'nope.equals=1'], { env: courtier.env });
    expect(field.code).toBe(2);
    expect(field.stderr.split('\n')).toHaveLength(2);
    expect(field.stderr).toContain('nope');
    const page = await runBin(['policies', 'list', '--page', '0'], { env: courtier.env });
    expect(page).toMatchObject({
      code: 2,
      stderr: 'extranet: Invalid --page "0": an integer from 1 to 1000000\n',
    });
  });
});

describe('insured list', () => {
  it('filters an age range (both bounds inclusive)', async () => {
    const result = await runBin(
      ['insured', 'list', '--filter', 'age.gte=60', '--filter', 'age.lte=70', '--size', '100', '--json'],
      { env: courtier.env },
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) {
      expect(item.age).toBeGreaterThanOrEqual(60);
      expect(item.age).toBeLessThanOrEqual(70);
    }
  });

  it('not signed in: exit 3', async () => {
    const result = await runBin(['insured', 'list'], {
      env: { EXTRANET_URL: server.url, EXTRANET_CONFIG_DIR: '/nonexistent' },
    });
    expect(result.code).toBe(3);
  });
});
