import { CAUSES } from '@extranet/core/domain/statementChanges.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

/** `extranet statements changes`: a month's statement explained against the previous one, as the API says. */
let server: TestServer;
let courtier: Session;
let grossiste: Session;

interface Row {
  idBordereau: number;
  mois: string;
  typeBordereau: string;
  codeCourtierPortail: string;
}
interface Changes {
  current: { idBordereau: number; mois: string };
  previous: { idBordereau: number; mois: string } | null;
  difference: number;
  unexplained: number;
  byCause: { cause: string; current: number; previous: number; change: number }[];
}

const finals = async (session: Session) =>
  (
    (await (await apiGet(server.url, session, 'api/commissions?size=100&sort=mois,desc')).json()) as Row[]
  ).filter((s) => s.typeBordereau !== 'Prévisionnel');
const changesOf = async (session: Session, id: number, from?: number) =>
  (await (
    await apiGet(
      server.url,
      session,
      `api/commissions/${id}/changes${from === undefined ? '' : `?from=${from}`}`,
    )
  ).json()) as Changes;
const month = (iso: string) => iso.slice(0, 7);
const decimal = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);

beforeAll(async () => {
  server = await startServer();
  [courtier, grossiste] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'grossiste'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const bin = (args: string[], session: Session) => runBin(args, { env: session.env });

describe('statements changes', () => {
  it('--json says what the API says for the month against the previous one, in cause order', async () => {
    const [latest] = await finals(courtier);
    const api = await changesOf(courtier, latest!.idBordereau);
    const result = await bin(['statements', 'changes', month(latest!.mois), '--json'], courtier);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.current.idBordereau).toBe(api.current.idBordereau);
    expect(body.previous.idBordereau).toBe(api.previous!.idBordereau);
    expect(body.difference).toBe(decimal(api.difference));
    expect(body.byCause.map((c: { cause: string }) => c.cause)).toEqual([...CAUSES]);
    expect(body.byCause.map((c: { change: string }) => c.change)).toEqual(
      api.byCause.map((c) => decimal(c.change)),
    );
    // The causes and the remainder add up to the difference.
    const sum = [...body.byCause.map((c: { change: string }) => c.change), body.unexplained].reduce(
      (s: number, v: string) => s + Math.round(Number(v) * 100),
      0,
    );
    expect(sum).toBe(Math.round(api.difference * 100));
  });

  it('--from compares with the month given; the table and the TSV carry the same figures', async () => {
    const rows = await finals(courtier);
    const [latest, , third] = rows;
    const api = await changesOf(courtier, latest!.idBordereau, third!.idBordereau);
    const args = ['statements', 'changes', month(latest!.mois), '--from', month(third!.mois)];
    const tsv = await bin(args, courtier);
    expect(tsv.code).toBe(0);
    const lines = tsv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`cause\tprevious\tcurrent\tchange`);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^total\t-?\\d+\\.\\d\\d\t-?\\d+\\.\\d\\d\t${decimal(api.difference)}$`),
    );
    expect(lines.slice(1, 1 + CAUSES.length).map((l) => l.split('\t')[3])).toEqual(
      api.byCause.map((c) => decimal(c.change)),
    );
    const table = await bin([...args, '--output', 'table'], courtier);
    expect(table.stderr).toContain(
      `Statement ${latest!.idBordereau} (${month(latest!.mois)}) against statement ${third!.idBordereau} (${month(third!.mois)})`,
    );
    expect(table.stdout).toMatch(/^New business\s/m);
    expect(table.stdout).toMatch(/^Carried balance\s/m);
    expect(table.stdout).toMatch(/^Amount paid\s.*€/m);
    const french = await runBin([...args, '--output', 'table'], {
      env: { ...courtier.env, EXTRANET_LANG: 'fr' },
    });
    expect(french.stdout).toMatch(/^Affaires nouvelles\s/m);
  });

  it('a wholesaler names the broker when several have a statement that month', async () => {
    const rows = await finals(grossiste);
    const [latest] = rows;
    const brokers = new Set(rows.filter((r) => r.mois === latest!.mois).map((r) => r.codeCourtierPortail));
    expect(brokers.size).toBeGreaterThan(1);
    const refused = await bin(['statements', 'changes', month(latest!.mois)], grossiste);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--courtier');
    const mine = rows.find((r) => r.mois === latest!.mois && r.codeCourtierPortail === 'C0003')!;
    const api = await changesOf(grossiste, mine.idBordereau);
    const result = await bin(
      ['statements', 'changes', month(latest!.mois), '--courtier', 'C0003', '--json'],
      grossiste,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).difference).toBe(decimal(api.difference));
    // A broker outside the caller's scope has no statement to show.
    const outside = await bin(
      ['statements', 'changes', month(latest!.mois), '--courtier', 'C0002'],
      grossiste,
    );
    expect(outside.code).toBe(1);
  });

  it('bad input: a malformed month is a usage error', async () => {
    const result = await bin(['statements', 'changes', '2026-13'], courtier);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2026-13');
  });
});
