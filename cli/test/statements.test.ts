import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;
let portefeuille: Session;
let statement: { idBordereau: number; mois: string; nb: number; fichierBordereau: string | null };
let dir: string;

interface Row {
  idBordereau: number;
  mois: string;
  typeBordereau: string;
  nb: number;
  fichierBordereau: string | null;
}

beforeAll(async () => {
  server = await startServer();
  [courtier, portefeuille] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'portefeuille'),
  ]);
  const rows = (await (
    await apiGet(server.url, courtier, 'api/commissions?size=100&sort=idBordereau,desc')
  ).json()) as Row[];
  statement = rows.find((s) => s.typeBordereau !== 'Prévisionnel' && s.nb > 3 && s.fichierBordereau)!;
  dir = mkdtempSync(join(tmpdir(), 'extranet-cli-out-'));
});
afterAll(async () => {
  await server?.close();
});

const bin = (args: string[], session = courtier) => runBin(args, { env: session.env, cwd: dir });

describe('statements list and show', () => {
  it('prints the total excluding forecasts the server computed', async () => {
    const api = await apiGet(server.url, courtier, 'api/commissions?page=0&size=20');
    const header = api.headers.get('x-total-amount')!;
    const json = JSON.parse((await bin(['statements', 'list', '--json'])).stdout);
    expect(Number(json.totalExcludingForecasts)).toBeCloseTo(Number(header), 2);
    expect(json.forecasts.length).toBeGreaterThan(0);
    const text = await bin(['statements', 'list']);
    expect(text.code).toBe(0);
    const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(
      Number(header),
    );
    // Data on stdout (TSV, decimal amounts), the footer and total on stderr.
    expect(text.stdout).toMatch(
      /^idBordereau\tmois\ttypeBordereau\tcompte\tnb\tmontant\tdatePaiement\tpdf\n/,
    );
    expect(text.stdout).toMatch(/^\d+\t\d{4}-\d{2}\t[^\t]+\t411C0001\t\d+\t\d+\.\d{2}\t/m);
    expect(text.stderr).toContain(`Total excluding forecasts: ${euros}\n`);
    expect(json.items[0].montant).toMatch(/^-?\d+\.\d{2}$/); // money as decimal strings
  });

  it('show: the recap lines and totals in exact cents', async () => {
    const result = await bin(['statements', 'show', String(statement.idBordereau), '--json']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    const recap = (await (
      await apiGet(server.url, courtier, `api/commissions/bordereau/${statement.idBordereau}`)
    ).json()) as {
      montant: number;
    }[];
    expect(body.recap).toHaveLength(recap.length);
    const cents = recap.reduce((sum, line) => sum + Math.round(line.montant * 100), 0);
    expect(Math.round(Number(body.totals.commissions) * 100)).toBe(cents);
    expect(body.recap[0].montant).toMatch(/^-?\d+\.\d{2}$/);
    const text = await bin(['statements', 'show', String(statement.idBordereau), '--output', 'table']);
    expect(text.stdout).toMatch(/^Total commissions\s+€/m);
    expect(text.stdout).toMatch(/^Total payment\s+€/m);
    const tsv = await bin(['statements', 'show', String(statement.idBordereau)]);
    expect(tsv.stdout).toMatch(/^totalVersement\t\d+\.\d{2}$/m);
  });

  it('a user without ROLE_COMPTA is refused with exit 3', async () => {
    const result = await bin(['statements', 'list'], portefeuille);
    expect(result).toMatchObject({
      code: 3,
      stderr: 'extranet: Access denied: your account lacks the required role.\n',
    });
  });
});

describe('statements export and pdf', () => {
  it('writes exactly the server CSV (BOM, ;) and reports the movement count', async () => {
    const id = statement.idBordereau;
    const result = await bin(['statements', 'export', String(id)]);
    expect(result.code).toBe(0);
    const file = join(dir, `mouvements-${id}.csv`);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Exported ${statement.nb} movement${statement.nb === 1 ? '' : 's'} to ${file}\n`,
    );
    const expected = Buffer.from(
      await (await apiGet(server.url, courtier, `api/mouvements/${id}/export.csv`)).arrayBuffer(),
    );
    expect(readFileSync(file).equals(expected)).toBe(true);
    expect(expected.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('--out - streams to stdout; --json describes the file', async () => {
    const id = statement.idBordereau;
    const piped = await bin(['statements', 'export', String(id), '--out', '-']);
    expect(
      piped.stdout
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(statement.nb + 1);
    const json = JSON.parse(
      (await bin(['statements', 'export', String(id), '--out', 'x.csv', '--json'])).stdout,
    );
    expect(json).toEqual({
      file: join(dir, 'x.csv'),
      lines: statement.nb,
      bytes: expect.any(Number),
      statements: [id],
    });
  });

  it('--month joins the month’s non-forecast statements under one header', async () => {
    const month = statement.mois.slice(0, 7);
    const rows = (await (
      await apiGet(server.url, courtier, `api/commissions?size=100&mois.gte=${month}-01&mois.lte=${month}-28`)
    ).json()) as Row[];
    const paid = rows.filter((s) => s.typeBordereau !== 'Prévisionnel');
    const result = await bin(['statements', 'export', '--month', month, '--json']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.statements.sort()).toEqual(paid.map((s) => s.idBordereau).sort());
    const lines = readFileSync(body.file, 'utf8').trimEnd().split('\n');
    expect(lines.filter((l) => l.replace(/^\uFEFF/, '').startsWith('Id;'))).toHaveLength(1);
    expect(lines).toHaveLength(1 + paid.reduce((sum, s) => sum + s.nb, 0));
  });

  it('pdf: the server’s bytes under the server’s name', async () => {
    const id = statement.idBordereau;
    const result = await bin(['statements', 'pdf', String(id)]);
    expect(result.code).toBe(0);
    const expected = Buffer.from(
      await (await apiGet(server.url, courtier, `api/commissions/download/${id}`)).arrayBuffer(),
    );
    const file = join(dir, statement.fichierBordereau!);
    expect(readFileSync(file).equals(expected)).toBe(true);
    expect(expected.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('bad input: month format, id, missing target, unknown statement; never a partial file', async () => {
    const month = await bin(['statements', 'export', '--month', '2024-5']);
    expect(month).toMatchObject({
      code: 2,
      stderr: 'extranet: Invalid month "2024-5": expected YYYY-MM, e.g. 2024-05\n',
    });
    const both = await bin(['statements', 'export']);
    expect(both).toMatchObject({
      code: 2,
      stderr: 'extranet: Give either a statement id or --month YYYY-MM\n',
    });
    const id = await bin(['statements', 'show', 'abc']);
    expect(id.code).toBe(2);
    const folder = await bin([
      'statements',
      'export',
      String(statement.idBordereau),
      '--out',
      'missing/x.csv',
    ]);
    expect(folder.code).toBe(2);
    const before = readdirSync(dir);
    const unknown = await bin(['statements', 'export', '987654321']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('extranet: Statement 987654321 not found (or outside your scope).\n');
    expect(readdirSync(dir)).toEqual(before);
    expect(existsSync(join(dir, 'mouvements-987654321.csv'))).toBe(false);
  });
});
