import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;
let courtier2: Session;
let admin: Session;
let idAssure: number;

const MASKED = /^\d \d\d \d\d •• ••• ••• \d\d$/;

beforeAll(async () => {
  server = await startServer({ RETENTION_JOB: 'false' });
  [courtier, courtier2, admin] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'courtier2'),
    sessionFor(server.url, 'admin'),
  ]);
  const page = (await (
    await apiGet(server.url, courtier, 'api/police-assures?size=50&statut.in=En%20cours')
  ).json()) as {
    idAssure: number;
    dateResil: string | null;
  }[];
  idAssure = page.find((p) => p.dateResil === null)!.idAssure;
});
afterAll(async () => {
  await server?.close();
});

const accessLog = async () => {
  const result = await runBin(['insured', 'access-log', String(idAssure), '--json'], { env: admin.env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { login: string; kind: string }[];
};

describe('an insured person through the CLI (docs/security.md "Data protection")', () => {
  it('shows the NIR masked, whole with --reveal-nir, and each is recorded', async () => {
    const shown = await runBin(['insured', 'show', String(idAssure), '--json'], { env: courtier.env });
    expect(shown.code, shown.stderr).toBe(0);
    const masked = (JSON.parse(shown.stdout) as { numeroSecu: string }).numeroSecu;
    expect(masked).toMatch(MASKED);
    const revealed = await runBin(['insured', 'show', String(idAssure), '--reveal-nir', '--json'], {
      env: courtier.env,
    });
    expect(revealed.code, revealed.stderr).toBe(0);
    const nir = (JSON.parse(revealed.stdout) as { numeroSecu: string }).numeroSecu;
    expect(nir).toMatch(/^\d{15}$/);
    expect(`${nir[0]} ${nir.slice(1, 3)} ${nir.slice(3, 5)} •• ••• ••• ${nir.slice(13)}`).toBe(masked);
    expect((await accessLog()).slice(0, 3).map((e) => [e.login, e.kind])).toEqual([
      ['courtier', 'nir_reveal'],
      ['courtier', 'detail'],
      ['courtier', 'detail'],
    ]);
  });

  it("refuses another broker's person and a malformed id, recording nothing", async () => {
    const before = (await accessLog()).length;
    const other = await runBin(['insured', 'show', String(idAssure)], { env: courtier2.env });
    expect(other.code).toBe(1);
    const data = await runBin(['insured', 'personal-data', String(idAssure), '--out', '-'], {
      env: courtier2.env,
    });
    expect(data.code).toBe(1);
    expect((await runBin(['insured', 'show', 'abc'], { env: courtier.env })).code).toBe(2);
    expect((await accessLog()).length).toBe(before);
  });

  it('writes the personal-data answer to a file, and the access log lists it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'extranet-pd-')), 'dupont.json');
    const result = await runBin(['insured', 'personal-data', String(idAssure), '--out', file], {
      env: courtier.env,
    });
    expect(result.code, result.stderr).toBe(0);
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      insured: { idAssure: number; numeroSecu: string };
    };
    expect(data.insured.idAssure).toBe(idAssure);
    expect(data.insured.numeroSecu).toMatch(/^\d{15}$/);
    const table = await runBin(['insured', 'access-log', String(idAssure)], { env: admin.env });
    expect(table.stdout.split('\n')[0]).toBe('at\tlogin\tkind\tfrom');
    expect(table.stdout.split('\n')[1]?.split('\t').slice(1, 3)).toEqual([
      'courtier',
      'personal_data_export',
    ]);
  });

  it('says until when retention runs and changes nothing', async () => {
    const result = await runBin(['insured', 'anonymise', String(idAssure), '--json'], { env: admin.env });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ idAssure, anonymised: false });
    const shown = await runBin(['insured', 'show', String(idAssure), '--json'], { env: admin.env });
    expect((JSON.parse(shown.stdout) as { numeroSecu: string }).numeroSecu).toMatch(MASKED);
  });
});
