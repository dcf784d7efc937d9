import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { type Session, sessionFor } from './session.ts';

type Got = { headers: IncomingHttpHeaders; body: string };

let server: TestServer;
let courtier: Session;
let admin: Session;
const got: Got[] = [];
const waiting: Array<() => void> = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    got.push({ headers: req.headers, body });
    res.writeHead(204).end();
    for (const wake of waiting.splice(0)) wake();
  });
});
/** Resolves when the receiver holds `count` requests (the server's run sends them within a second). */
const received = (count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (got.length >= count ? resolve() : waiting.push(check));
    check();
  });

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '1' });
  courtier = await sessionFor(server.url, 'courtier');
  admin = await sessionFor(server.url, 'admin');
});
afterAll(async () => {
  await server?.close();
  receiver.close();
});

/** `extranet webhooks create|list|deliveries|redeliver|delete` through the real bin, server and a receiver. */
describe('webhooks from the CLI', () => {
  it('registers an endpoint, which gets an imported statement; logs it, sends it again, deletes it', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const created = await runBin(['webhooks', 'create', url, '--events', 'statement.created'], {
      env: courtier.env,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^whsec_[A-Za-z0-9+/]{43}=\n$/);
    const listed = JSON.parse((await runBin(['webhooks', '--json'], { env: courtier.env })).stdout) as {
      id: number;
      url: string;
    }[];
    expect(listed.map((hook) => hook.url)).toEqual([url]);
    const id = listed[0]!.id;
    expect(created.stderr).toBe(
      `Webhook ${id} added (${url}). Copy the secret now: it will not be shown again.\n`,
    );

    const dir = mkdtempSync(join(tmpdir(), 'extranet-cli-hooks-'));
    writeFileSync(
      join(dir, 'commissions.json'),
      JSON.stringify([
        {
          idBordereau: 990001,
          codeCourtierPortail: 'C0001',
          codeCourtierGrossistePortail: 'G0001',
          mois: '2026-07-01',
          montant: 42,
        },
      ]),
    );
    const imported = await runBin(['import', '--kind', 'commissions', 'commissions.json'], {
      env: admin.env,
      cwd: dir,
    });
    expect(imported.code, imported.stderr).toBe(0);
    await received(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: 'statement.created',
      data: { idBordereau: 990001, codeCourtierPortail: 'C0001' },
    });

    const tsv = await runBin(['webhooks', 'deliveries', String(id)], { env: courtier.env });
    const [header, line] = tsv.stdout.trim().split('\n');
    expect(header).toBe('id\tcreated\tevent\tstatus\tattempts\tanswer\tmessageId');
    const cells = line!.split('\t');
    expect([cells[2], cells[3], cells[4], cells[5], cells[6]]).toEqual([
      'statement.created',
      'delivered',
      '1',
      '204',
      got[0]!.headers['webhook-id'],
    ]);

    const again = await runBin(['webhooks', 'redeliver', String(id), cells[0]!], { env: courtier.env });
    expect(again.code, again.stderr).toBe(0);
    await received(2);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(got[1]!.body).toBe(got[0]!.body);

    const table = await runBin(['webhooks', '--output', 'table'], {
      env: { ...courtier.env, EXTRANET_LANG: 'fr' },
    });
    expect(table.stdout).toMatch(/^Id\s+Adresse\s+Événements\s+État/);
    expect(table.stdout).toContain('actif');

    expect(await runBin(['webhooks', 'delete', String(id)], { env: courtier.env })).toMatchObject({
      code: 0,
      stderr: `Webhook ${id} deleted.\n`,
    });
    expect(await runBin(['webhooks', 'delete', String(id)], { env: courtier.env })).toMatchObject({
      code: 1,
      stderr: `extranet: Webhook ${id} not found: already deleted, or not yours.\n`,
    });
  });

  it('refuses a personal access token and an unknown event, creating nothing', async () => {
    const token = (await runBin(['tokens', 'create', '--name', 'ci'], { env: courtier.env })).stdout.trim();
    const fromToken = await runBin(['webhooks'], {
      env: { EXTRANET_URL: server.url, EXTRANET_TOKEN: token },
    });
    expect(fromToken.code).toBe(3);
    expect(fromToken.stderr).toContain('A token does not manage webhooks');
    const unknown = await runBin(
      ['webhooks', 'create', 'https://crm.example.com/h', '--events', 'statement.deleted'],
      {
        env: courtier.env,
      },
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown event "statement.deleted"');
    const none = JSON.parse(
      (await runBin(['webhooks', '--json'], { env: courtier.env })).stdout,
    ) as unknown[];
    expect(none).toEqual([]);
  });
});
