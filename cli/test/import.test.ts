import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { type Session, sessionFor } from './session.ts';

let dir: string;
const policy = {
  idPolice: 7_000_001,
  codeCourtierPortail: 'C0001',
  codeCourtierGrossistePortail: 'G0001',
  police: 'T7000001',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'extranet-cli-import-'));
  writeFileSync(join(dir, 'police.json'), JSON.stringify([policy]));
  writeFileSync(join(dir, 'bad.json'), JSON.stringify([{ ...policy, idPolice: 'abc' }]));
});

describe('import --local (the server command on this machine)', () => {
  it('imports, then changes nothing the second time; a bad file is rejected whole with its line', async () => {
    const env = { DATA_DIR: join(dir, 'data'), EXTRANET_CONFIG_DIR: dir };
    const first = await runBin(['import', '--kind', 'police', '--local', 'police.json'], { env, cwd: dir });
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({
      code: 0,
      stdout: 'police.json: 1 row, 1 inserted, 0 updated, 0 unchanged, 1 event\n',
    });
    const again = await runBin(['import', '--kind', 'police', '--local', 'police.json', '--json'], {
      env,
      cwd: dir,
    });
    expect(JSON.parse(again.stdout)).toEqual([
      { file: 'police.json', rows: 1, inserted: 0, updated: 0, unchanged: 1, events: 0 },
    ]);
    const bad = await runBin(['import', '--kind', 'police', '--local', 'bad.json'], { env, cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 1, field idPolice');
  });
});

describe('import over the API', () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startServer();
    admin = await sessionFor(server.url, 'admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports over the API, then changes nothing the second time; a bad file is refused whole', async () => {
    const first = await runBin(['import', '--kind', 'police', 'police.json'], { env: admin.env, cwd: dir });
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({
      code: 0,
      stdout: 'police.json: 1 row, 1 inserted, 0 updated, 0 unchanged, 1 event\n',
    });
    const again = await runBin(['import', '--kind', 'police', 'police.json', '--json'], {
      env: admin.env,
      cwd: dir,
    });
    expect(JSON.parse(again.stdout)).toMatchObject([
      { file: 'police.json', rows: 1, inserted: 0, updated: 0, unchanged: 1, events: 0 },
    ]);
    const bad = await runBin(['import', '--kind', 'police', 'bad.json'], { env: admin.env, cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 1, field idPolice');
  });

  it('bad kind, missing file, missing --kind: exit 2 before any request', async () => {
    const kind = await runBin(['import', '--kind', 'nope', 'police.json'], { env: admin.env, cwd: dir });
    expect(kind).toMatchObject({
      code: 2,
      stderr:
        'extranet: Invalid import kind "nope": one of police, assures, commissions, recap, mouvements, pdf\n',
    });
    const file = await runBin(['import', '--kind', 'police', 'missing.json'], { env: admin.env, cwd: dir });
    expect(file).toMatchObject({ code: 2, stderr: 'extranet: File not found: missing.json\n' });
    expect((await runBin(['import', 'police.json'], { env: admin.env, cwd: dir })).code).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['bad.json', 'data', 'police.json']);
  });
});
