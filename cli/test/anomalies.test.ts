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

describe('anomalies list', () => {
  it("prints the caller's anomalies as the API pages them, largest amount at stake first", async () => {
    const result = await runBin(['anomalies', 'list'], { env: courtier.env });
    expect(result.code, result.stderr).toBe(0);
    const api = await apiGet(server.url, courtier, 'api/anomalies?page=0&size=20');
    const rows = (await api.json()) as { id: number; regle: string; montant: number }[];
    expect(rows).toHaveLength(6);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id\tregle\tpolice\tmois\tmontant\tidBordereau');
    expect(lines.slice(1).map((l) => l.split('\t').slice(0, 2))).toEqual(
      rows.map((r) => [String(r.id), r.regle]),
    );
    const amounts = lines.slice(1).map((l) => Number(l.split('\t')[4]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(result.stderr).toBe('Page 1/1 — 6 rows\n');
  });

  it("filters by rule, and another broker's anomalies stay its own", async () => {
    const one = await runBin(
      ['anomalies', 'list', '--filter', 'regle.equals=COMMISSION_NOT_PAID', '--json'],
      {
        env: courtier.env,
      },
    );
    expect(one.code, one.stderr).toBe(0);
    expect(
      (JSON.parse(one.stdout) as { items: { regle: string; montant: string }[] }).items.map((a) => a.regle),
    ).toEqual(['COMMISSION_NOT_PAID']);
    const other = await runBin(['anomalies', 'list'], { env: courtier2.env });
    expect(
      other.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[1]),
    ).toEqual(['RATE_MISMATCH']);
  });

  it('reads a saved list of the anomaly list (rules, sort), the command line adding a filter', async () => {
    const saved = await fetch(new URL('api/saved-filters', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${courtier.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Reprises',
        list: 'anomalies',
        query:
          'regle.in=CLAWBACK_DUPLICATE%2CCLAWBACK_WITHOUT_TERMINATION%2CCLAWBACK_AFTER_REINSTATEMENT&sort=montant%2Casc',
        isDefault: false,
      }),
    });
    expect(saved.status).toBe(201);
    const result = await runBin(['anomalies', 'list', '--saved', 'Reprises'], { env: courtier.env });
    expect(result.code, result.stderr).toBe(0);
    const api = (await (
      await apiGet(
        server.url,
        courtier,
        'api/anomalies?regle.in=CLAWBACK_DUPLICATE,CLAWBACK_WITHOUT_TERMINATION,CLAWBACK_AFTER_REINSTATEMENT&sort=montant,asc&page=0&size=20',
      )
    ).json()) as { id: number; montant: number }[];
    expect(api).toHaveLength(3);
    const lines = result.stdout.trimEnd().split('\n').slice(1);
    expect(lines.map((l) => Number(l.split('\t')[0]))).toEqual(api.map((a) => a.id));
    const amounts = lines.map((l) => Number(l.split('\t')[4]));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const narrowed = await runBin(
      ['anomalies', 'list', '--saved', 'Reprises', '--filter', 'regle.in=CLAWBACK_DUPLICATE'],
      { env: courtier.env },
    );
    expect(
      narrowed.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[1]),
    ).toEqual(['CLAWBACK_DUPLICATE']);
    const unknown = await runBin(['anomalies', 'list', '--saved', 'Nope'], { env: courtier.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Reprises');
  });
});
