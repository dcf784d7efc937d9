import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFec } from '../../server/test/entries/fec-validator.ts';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
});
afterAll(async () => {
  await server?.close();
});

type Statement = { idBordereau: number; mois: string; montant: number; typeBordereau: string };

/** `extranet statements entries` through the real bin, checked with the server tests' FEC validator. */
describe('statements entries from the CLI', () => {
  it('writes the FEC of a period to stdout, one balanced entry per non-forecast statement, sums equal to the statements', async () => {
    const result = await runBin(['statements', 'entries', '2000-01', '2099-12'], { env: courtier.env });
    expect(result.code, result.stderr).toBe(0);
    const entries = validateFec(result.stdout, '2000-01', '2099-12');
    const statements = (await (
      await fetch(new URL('api/commissions?size=1000', server.url), {
        headers: { authorization: `Bearer ${courtier.token}` },
      })
    ).json()) as Statement[];
    const booked = statements.filter((s) => s.typeBordereau !== 'Prévisionnel' && s.montant !== 0);
    expect(entries.length).toBe(booked.length);
    expect(entries.length).toBeGreaterThan(0);
    // The receivable's movements add up to the statements' totals, in cents.
    const receivable = entries
      .flatMap((e) => e.lines.filter((l) => l.CompteNum === '411000'))
      .reduce((sum, l) => sum + Number(l.Debit!.replace(',', '')) - Number(l.Credit!.replace(',', '')), 0);
    expect(receivable).toBe(booked.reduce((sum, s) => sum + Math.round(s.montant * 100), 0));
  });

  it('writes the CSV variant to a file, and refuses a bad period or format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extranet-entries-'));
    const file = join(dir, 'e.csv');
    const result = await runBin(
      ['statements', 'entries', '2000-01', '2099-12', '--format', 'csv', '--out', file],
      {
        env: courtier.env,
      },
    );
    expect(result).toMatchObject({ code: 0, stderr: `Entries written to ${file}.\n` });
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFFJournalCode;JournalLib;EcritureNum;')).toBe(true);
    validateFec(csv, '2000-01', '2099-12', ';');
    for (const [args, text] of [
      [['2026-13', '2026-12'], 'Invalid month "2026-13": YYYY-MM'],
      [['2026-12', '2026-01'], 'The period ends before it starts.'],
      [['2026-01', '2026-12', '--format', 'xls'], 'Invalid format "xls": fec or csv'],
    ] as const) {
      const refused = await runBin(['statements', 'entries', ...args], { env: courtier.env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(text);
    }
  });
});
