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
  it('a pipe gets the same page as the API as TSV: whole values, a header, the footer on stderr', async () => {
    const result = await runBin(['policies', 'list', '--size', '25', '--sort', 'idPolice,asc'], {
      env: courtier.env,
    });
    expect(result.code).toBe(0);
    const api = await apiGet(server.url, courtier, 'api/police?page=0&size=25&sort=idPolice,asc');
    const rows = (await api.json()) as { police: string; nomprenom: string; dateEffet: string }[];
    const total = Number(api.headers.get('x-total-count'));
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'police\tnomprenom\trisque\tgamme\tstatut\tstatutPaiement\tdateEffet\tcotisationTtc',
    );
    expect(lines).toHaveLength(1 + rows.length);
    for (const [i, row] of rows.entries()) {
      const cells = lines[1 + i]!.split('\t');
      expect(cells.slice(0, 2)).toEqual([row.police, row.nomprenom]); // never cut
      expect(cells[6]).toBe(row.dateEffet ?? '');
    }
    // The police number 20 rows down can be grepped.
    expect(result.stdout.split('\n').filter((l) => l.startsWith(`${rows[20]!.police}\t`))).toHaveLength(1);
    expect(result.stderr).toBe(`Page 1/${Math.ceil(total / 25)} — ${total} rows\n`);
    // --output table on a pipe: a table, never cut unless COLUMNS says how wide.
    const table = await runBin(['policies', 'list', '--size', '5', '--output', 'table'], {
      env: { ...courtier.env, COLUMNS: '70' },
    });
    for (const line of table.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(70);
  });

  it('--all streams every page; csv and json follow the same rows', async () => {
    const all = await runBin(['policies', 'list', '--all', '--size', '40', '--sort', 'idPolice,asc'], {
      env: courtier.env,
    });
    const total = Number(
      (await apiGet(server.url, courtier, 'api/police?size=1')).headers.get('x-total-count'),
    );
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + total);
    expect(new Set(lines.slice(1).map((l) => l.split('\t')[0])).size).toBe(total);
    expect(all.stderr).toBe(`${total} rows of ${total}\n`);
    const json = JSON.parse(
      (await runBin(['policies', 'list', '--paginate', '--json'], { env: courtier.env })).stdout,
    );
    expect(json.total).toBe(total);
    expect(json.items).toHaveLength(total);
    for (const item of json.items.slice(0, 20))
      expect(item.cotisationTtc === null || /^\d+\.\d{2}$/.test(item.cotisationTtc)).toBe(true);
    const csv = await runBin(['policies', 'list', '--output', 'csv', '--size', '3'], { env: courtier.env });
    expect(csv.stdout.split('\n')[0]).toBe(
      'police,nomprenom,risque,gamme,statut,statutPaiement,dateEffet,cotisationTtc',
    );
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
    // The server's own detail, not only "Error on field".
    expect(field.stderr).toMatch(/nope\.equals.*: .*nope\.equals\n$/);
    const preset = await runBin(['statements', 'list', '--preset', 'NOF'], { env: courtier.env });
    expect(preset).toMatchObject({
      code: 2,
      stderr: `extranet: unknown option '--preset' (see "extranet --help")\n`,
    });
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
