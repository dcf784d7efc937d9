import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctionImport, NEXT_STATEMENT } from '@extranet/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

let server: TestServer;
let courtier: Session;
let courtier2: Session;
let gestion: Session;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  [courtier, courtier2, gestion, admin] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'courtier2'),
    sessionFor(server.url, 'gestion'),
    sessionFor(server.url, 'admin'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const decide = (id: string, body: object) =>
  fetch(new URL(`api/disputes/${id}/decision`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${gestion.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** `extranet disputes open|list|show|reply` through the real bin and server (docs/disputes.md). */
describe('disputes from the CLI', () => {
  it('opens a dispute from an anomaly with a file, lists it, shows the thread and the next step, replies', async () => {
    const anomalies = (await (
      await apiGet(server.url, courtier, 'api/anomalies?regle.equals=COMMISSION_NOT_PAID')
    ).json()) as { id: number; montant: number }[];
    const file = join(courtier.configDir, 'releve.pdf');
    writeFileSync(file, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const opened = await runBin(
      [
        'disputes',
        'open',
        '--from',
        'anomaly',
        '--id',
        String(anomalies[0]!.id),
        '--reason',
        'MISSING_COMMISSION',
        '--amount',
        String(anomalies[0]!.montant),
        '--message',
        'La commission manque.',
        '--file',
        file,
      ],
      { env: courtier.env },
    );
    expect(opened.code, opened.stderr).toBe(0);
    const id = opened.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    expect(opened.stderr).toBe(`Dispute ${id} opened.\n`);

    const listed = await runBin(['disputes'], { env: courtier.env });
    const [header, line] = listed.stdout.trim().split('\n');
    expect(header).toBe('id\tstatus\treason\tamountClaimed\tpolice\tcourtier\tdeadline\tlastModifiedDate');
    expect(line!.split('\t').slice(0, 4)).toEqual([
      id,
      'OPEN',
      'MISSING_COMMISSION',
      String(anomalies[0]!.montant),
    ]);

    expect((await decide(id, { outcome: 'INFO_REQUESTED', message: 'Le bulletin, svp.' })).status).toBe(200);
    const shown = await runBin(['disputes', 'show', id, '--output', 'table'], {
      env: { ...courtier.env, EXTRANET_LANG: 'fr' },
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Statut\s+Informations demandées/);
    expect(shown.stdout).toContain('courtier a ouvert le litige');
    expect(shown.stdout).toContain('📎 releve.pdf');
    expect(shown.stdout).toContain('gestion (Gestion) demande des informations');
    expect(shown.stdout).toContain('  Le bulletin, svp.');
    // core's machine says what the broker may do now: answer, nothing else.
    expect(shown.stdout.trimEnd().split('\n').at(-1)).toBe('Ensuite : Répondre');

    const replied = await runBin(['disputes', 'reply', id, '--message', 'Le voici.', '--json'], {
      env: courtier.env,
    });
    expect(replied.code, replied.stderr).toBe(0);
    expect(JSON.parse(replied.stdout)).toMatchObject({ status: 'OPEN' });
  });

  it("refuses another broker's dispute, a reopening the machine does not take and a bad amount with the server's words", async () => {
    const { id } = (
      (await (await apiGet(server.url, courtier, 'api/disputes')).json()) as { id: number }[]
    )[0]!;
    const foreign = await runBin(['disputes', 'show', String(id)], { env: courtier2.env });
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toContain(`Dispute ${id} not found.`);

    const reopen = await runBin(['disputes', 'reply', String(id), '--reopen', '--message', 'x'], {
      env: courtier.env,
    });
    expect(reopen.code).toBe(2);
    expect(reopen.stderr).toContain('reopen');

    const bad = await runBin(
      [
        'disputes',
        'open',
        '--from',
        'policy',
        '--id',
        '1',
        '--reason',
        'OTHER',
        '--amount',
        '12.345',
        '--message',
        'x',
      ],
      { env: courtier.env },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('amountClaimed');
    const usage = await runBin(['disputes', 'open', '--from', 'nowhere'], { env: courtier.env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Invalid --from "nowhere"');
  });

  it('goes from an anomaly to an accepted correction that the next imported statement settles, all from the terminal', async () => {
    const anomaly = (
      (await (
        await apiGet(server.url, courtier, 'api/anomalies?regle.equals=COMMISSION_NOT_PAID&sort=id,desc')
      ).json()) as { id: number; idPolice: number; police: string; montant: number }[]
    )[0]!;
    const opened = await runBin(
      [
        'disputes',
        'open',
        '--from',
        'anomaly',
        '--id',
        String(anomaly.id),
        '--reason',
        'MISSING_COMMISSION',
      ].concat(['--amount', String(anomaly.montant), '--message', 'Commission non versée.']),
      { env: courtier.env },
    );
    expect(opened.code, opened.stderr).toBe(0);
    const id = opened.stdout.trim();
    const shown = async () =>
      JSON.parse((await runBin(['disputes', 'show', id, '--json'], { env: courtier.env })).stdout) as {
        status: string;
        correction: number | null;
        settledByBordereau: number | null;
      };

    // The broker cannot decide; the back office must say what it accepts; both change nothing.
    const byBroker = await runBin(
      ['disputes', 'decide', id, '--outcome', 'accept', '--correction', '1', '--message', 'x'],
      {
        env: courtier.env,
      },
    );
    expect(byBroker.code).not.toBe(0);
    const noCorrection = await runBin(['disputes', 'decide', id, '--outcome', 'accept', '--message', 'x'], {
      env: gestion.env,
    });
    expect(noCorrection.code).toBe(2);
    expect(noCorrection.stderr).toContain('--correction');
    const badOutcome = await runBin(['disputes', 'decide', id, '--outcome', 'maybe', '--message', 'x'], {
      env: gestion.env,
    });
    expect(badOutcome.code).toBe(2);
    expect(badOutcome.stderr).toContain('Invalid --outcome "maybe"');
    expect(await shown()).toMatchObject({ status: 'OPEN', correction: null });

    const accepted = await runBin(
      ['disputes', 'decide', id, '--outcome', 'accept', '--correction', String(anomaly.montant)].concat([
        '--message',
        'Régularisation au prochain bordereau.',
        '--json',
      ]),
      { env: gestion.env },
    );
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ status: 'ACCEPTED', correction: anomaly.montant });
    const twice = await runBin(['disputes', 'decide', id, '--outcome', 'reject', '--message', 'Non.'], {
      env: gestion.env,
    });
    expect(twice.code).not.toBe(0);
    expect(await shown()).toMatchObject({ status: 'ACCEPTED' });

    // The back office imports the next statement with the correction on the policy (`extranet import`).
    const [latest] = (await (
      await apiGet(
        server.url,
        courtier,
        'api/commissions?sort=mois,desc&size=1&typeBordereau.in=D%C3%A9finitif',
      )
    ).json()) as Record<string, unknown>[];
    const { idPolice, police, montant: amount } = anomaly;
    const files = correctionImport(latest!, { idPolice, police, amount, periode: '2025-02-03' });
    for (const kind of ['commissions', 'mouvements'] as const) {
      writeFileSync(join(admin.configDir, `${kind}.json`), JSON.stringify(files[kind]));
      const imported = await runBin(['import', '--kind', kind, `${kind}.json`], {
        env: admin.env,
        cwd: admin.configDir,
      });
      expect(imported.code, imported.stderr).toBe(0);
    }
    expect(await shown()).toMatchObject({ status: 'SETTLED', settledByBordereau: NEXT_STATEMENT });
  });
});
