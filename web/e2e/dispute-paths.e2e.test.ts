import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  type DisputeEvent,
  type DisputeFacts,
  disputeMachine,
  statusOfState,
} from '../../core/src/machines/dispute.machine.ts';
import { eventually } from './eventually.ts';
import { ownServerApi } from './ownServerApi.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Core's dispute machine (the one its model-based test walks) replayed through the dispute
 * screen in Chromium: for each shortest path to a (status, reopened) pair, a dispute opened on
 * C0001's unpaid-commission anomaly with an amount of its own, then each event done by the
 * person it belongs to (`courtier` replies or reopens; `gestion` replies, asks, accepts,
 * rejects; a settlement is the back office's import of a line carrying the correction). After
 * each step both screens show the model's status and offer the buttons that status allows each
 * party. A server of its own: the settlements import statement lines.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let server: TestServer;
const today = new Date().toISOString().slice(0, 10);

const events: DisputeEvent[] = [
  { type: 'message', by: 'broker' },
  { type: 'message', by: 'insurer' },
  { type: 'ask' },
  { type: 'accept', today },
  { type: 'reject', today },
  { type: 'reopen', today },
  { type: 'settle' },
];
const serializeState = (snapshot: unknown) => {
  const s = snapshot as { value: unknown; context: DisputeFacts };
  return JSON.stringify([s.value, s.context.reopened]);
};
const paths = createTestModel(disputeMachine, { events, serializeState }).getShortestPaths({
  allowDuplicatePaths: true,
});

const STATUS_TEXT = {
  OPEN: 'En cours d’examen',
  INFO_REQUESTED: 'Informations demandées',
  ACCEPTED: 'Accepté',
  REJECTED: 'Refusé',
  SETTLED: 'Réglé',
} as const;
const GESTION_ACTIONS = ['Répondre', 'Demander des informations', 'Accepter', 'Refuser'];
/** The buttons each party is offered in a state, as the rules say (docs/disputes.md). */
const offered = (value: string, reopened: boolean) =>
  ({
    open: { broker: ['Répondre'], gestion: GESTION_ACTIONS },
    infoRequested: { broker: ['Répondre'], gestion: ['Répondre', 'Accepter', 'Refuser'] },
    accepted: { broker: reopened ? [] : ['Rouvrir'], gestion: [] },
    rejected: { broker: reopened ? [] : ['Rouvrir'], gestion: [] },
    settled: { broker: [], gestion: [] },
  })[value]!;

const { api, importRows } = ownServerApi(() => server.url);

const NEXT_STATEMENT = 1202611;
const unpaidAnomaly = async () =>
  (
    await api<{ id: number; regle: string; idPolice: number; police: string }[]>(
      'courtier',
      'api/anomalies?size=50',
    )
  ).find((a) => a.regle === 'COMMISSION_NOT_PAID')!;
let anomaly: { id: number; idPolice: number; police: string };
let broker: Session;
let gestion: Session;

const show = async (page: Page, id: number) => {
  const url = `${server.url}/#/disputes/${id}`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
  await page.getByTestId('dispute-status').waitFor();
  await page.waitForLoadState('networkidle');
};
const buttons = async (page: Page) => {
  const form = page.getByTestId('dispute-actions');
  return (await form.count()) === 0 ? [] : form.locator('button').allTextContents();
};
const press = async (page: Page, id: number, name: string, message: string) => {
  await show(page, id);
  const form = page.getByTestId('dispute-actions');
  await form.getByRole('textbox', { name: 'Message' }).fill(message);
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api/disputes/${id}/`) && r.request().method() === 'POST',
  );
  await form.locator('button', { hasText: name }).click();
  expect((await answer).status()).toBe(200);
};

beforeAll(async () => {
  server = await startServer(repoRoot, { RIBBON_ENV: 'e2e', BASE_URL: 'http://extranet.test' });
  const [latest] = await api<Record<string, unknown>[]>(
    'courtier',
    'api/commissions?sort=mois,desc&size=1&typeBordereau.in=D%C3%A9finitif',
  );
  const { id: _id, ...statement } = latest!;
  await importRows('commissions', [
    {
      ...statement,
      idBordereau: NEXT_STATEMENT,
      mois: '2026-11-01',
      dateEnvoi: '2026-11-26',
      datePaiement: null,
    },
  ]);
  broker = await openSession(server.url);
  await signInQuickly(broker, 'courtier');
  gestion = await openSession(server.url);
  await signInQuickly(gestion, 'gestion');
}, 180_000);
afterAll(async () => {
  await broker?.close();
  await gestion?.close();
  await server?.stop();
});

describe('the dispute machine replayed on the dispute screen', () => {
  it('covers every (status, reopened) pair', () => {
    expect(new Set(paths.map((p) => serializeState(p.state))).size).toBe(10);
  });

  paths.forEach((path, n) => {
    const steps = path.steps.filter((s) => !s.event.type.startsWith('xstate.'));
    const name = steps.map((s) => s.event.type + ('by' in s.event ? `(${s.event.by})` : '')).join(' → ');
    it(`${name || 'opened'} → ${serializeState(path.state)}`, async () => {
      // An amount of its own: a settlement matches the policy's line of exactly the correction.
      const amount = (10 + n + 0.01 * (n + 1)).toFixed(2);
      // Detection runs again on each import: the anomaly's row id is read afresh.
      anomaly = await unpaidAnomaly();
      const opened = await api<{ id: number }>('courtier', 'api/disputes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: 'ANOMALY',
          anomalyId: anomaly.id,
          reason: 'MISSING_COMMISSION',
          amountClaimed: amount,
          message: `Chemin ${n}`,
        }),
      });
      const id = opened.id;
      for (const [i, step] of steps.entries()) {
        const event = step.event as DisputeEvent;
        if (event.type === 'message')
          await press(event.by === 'broker' ? broker.page : gestion.page, id, 'Répondre', `Message ${i}`);
        else if (event.type === 'ask')
          await press(gestion.page, id, 'Demander des informations', 'Précisez.');
        else if (event.type === 'accept') await press(gestion.page, id, 'Accepter', 'Accordé.');
        else if (event.type === 'reject') await press(gestion.page, id, 'Refuser', 'Non fondé.');
        else if (event.type === 'reopen') await press(broker.page, id, 'Rouvrir', 'Je conteste.');
        else
          await importRows('mouvements', [
            {
              idBordereau: NEXT_STATEMENT,
              typeBordereau: 'Définitif',
              mois: '2026-11-01',
              codeCourtierPortail: 'C0001',
              codeCourtierGrossistePortail: 'G0001',
              idPolice: anomaly.idPolice,
              police: anomaly.police,
              typeMouvement: 'REG',
              libelleMouvement: 'Régularisation',
              periode: `2025-01-${String(n + 1).padStart(2, '0')}`,
              montant: amount,
            },
          ]);
        const value = String(step.state.value);
        const reopened = (step.state.context as DisputeFacts).reopened;
        const expected = offered(value, reopened);
        for (const [who, page] of [
          ['broker', broker.page],
          ['gestion', gestion.page],
        ] as const) {
          await show(page, id);
          await eventually(() => page.getByTestId('dispute-status').textContent()).toBe(
            STATUS_TEXT[statusOfState(value)],
          );
          expect(await buttons(page), `${who} after ${event.type}`).toEqual(expected[who]);
        }
        if (value === 'settled')
          expect(await broker.page.getByTestId('dispute-settled').textContent()).toBe(
            `Réglé par le bordereau ${NEXT_STATEMENT}`,
          );
      }
      await screenshot(broker.page, `dispute-paths-${n}`);
      expect(broker.pageErrors).toEqual([]);
      expect(gestion.pageErrors).toEqual([]);
    }, 120_000);
  });
});
