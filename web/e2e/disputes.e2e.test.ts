import { fileURLToPath } from 'node:url';
import { formatDate, formatEur } from '@extranet/core';
import { type Correction, correctionImport, NEXT_STATEMENT } from '@extranet/fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { ownServerApi } from './ownServerApi.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * A dispute from an anomaly to an accepted correction that a later imported statement settles
 * (docs/disputes.md), on a server of its own (the import changes statements the shared server's
 * walks read): the broker opens it from its unpaid-commission anomaly (reason and amount
 * prefilled), `gestion` asks for more, the broker answers, `gestion` accepts, the wholesaler sees
 * its broker's dispute, another broker finds nothing at its address; then the back office imports
 * the next statement with the correction, and the dispute says which statement settled it.
 * At 1280 px the broker opens it, at 390 px the wholesaler opens a second one for its broker.
 * Screenshots: `test-output/screenshots/disputes-w<width>-<step>.png`.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let server: TestServer;

const { api, importRows } = ownServerApi(() => server.url);

interface Anomaly {
  id: number;
  regle: string;
  idPolice: number;
  police: string;
  montant: number;
}
interface Statement {
  idBordereau: number;
  mois: string;
  typeBordereau: string;
  dateEnvoi: string | null;
  [key: string]: unknown;
}

/**
 * The back office's import (the path `extranet import` takes): the next statement of C0001, then
 * one régularisation line of the correction on the policy.
 */
const importCorrection = async (correction: Correction) => {
  const [latest] = await api<Statement[]>(
    'courtier',
    'api/commissions?sort=mois,desc&size=1&typeBordereau.in=D%C3%A9finitif',
  );
  const files = correctionImport(latest!, correction);
  await importRows('commissions', files.commissions);
  await importRows('mouvements', files.mouvements);
};

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A person's browser at the walk's width. */
const person = async (login: string, width: number) => {
  const session = await openSession(server.url);
  await session.page.setViewportSize({ width, height: 900 });
  await signInQuickly(session, login);
  return session;
};

/** The thread as read: who did what, then the message, in order. */
const thread = (page: Page) =>
  page
    .getByTestId('dispute-thread')
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => {
        const head = li.querySelector('.card-subtitle')?.textContent ?? '';
        const text = li.querySelector('p')?.textContent ?? '';
        return `${head.slice(head.indexOf('·') + 1).trim()}${text ? ` — ${text}` : ''}`;
      }),
    );
/** The buttons the dispute screen offers, in order. */
const actions = async (page: Page) => {
  const form = page.getByTestId('dispute-actions');
  if ((await form.count()) === 0) return [];
  return form.locator('button').allTextContents();
};
const statusOf = (page: Page) => page.getByTestId('dispute-status').textContent();

const openDispute = async (session: Session, id: number) => {
  const url = `${server.url}/#/disputes/${id}`;
  // Already there: a reload fetches what the others did since.
  if (session.page.url() === url) await session.page.reload();
  else await session.page.goto(url);
  await session.page.getByTestId('dispute-status').waitFor();
  await session.page.waitForLoadState('networkidle');
};

/** Writes `message` and presses `action` on the dispute screen; waits for the new status. */
const act = async (page: Page, message: string, action: string, status: string) => {
  await page.getByTestId('dispute-actions').getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByTestId('dispute-actions').getByRole('button', { name: action, exact: true }).click();
  await eventually(() => statusOf(page)).toBe(status);
  await page.waitForLoadState('networkidle');
};

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  server = await startServer(repoRoot, { RIBBON_ENV: 'e2e', BASE_URL: 'http://extranet.test' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const WALKS = [
  { width: 1280, opener: 'courtier', periode: '2025-02-01' },
  { width: 390, opener: 'grossiste', periode: '2025-02-02' },
] as const;

for (const { width, opener, periode } of WALKS) {
  describe(`a dispute from an anomaly to its settlement at ${width} px, opened by ${opener}`, () => {
    const shot = (page: Page, step: string) => screenshot(page, `disputes-w${width}-${step}`);
    let broker: Session;
    let gestion: Session;
    let anomaly: Anomaly;
    let id: number;
    let deadline: string;
    beforeAll(async () => {
      broker = await person(opener, width);
      gestion = await person('gestion', width);
      const anomalies = await api<Anomaly[]>('courtier', 'api/anomalies?size=50');
      anomaly = anomalies.find((a) => a.regle === 'COMMISSION_NOT_PAID')!;
      // An unpaid commission has no line: its 90 days run from C0001's latest statement (the
      // December forecast, not sent yet: its month).
      const [latest] = await api<Statement[]>('courtier', 'api/commissions?sort=mois,desc&size=1');
      deadline = addDays(latest!.dateEnvoi ?? latest!.mois, 90);
    }, 120_000);
    afterAll(async () => {
      await broker?.close();
      await gestion?.close();
    });

    it(`${opener} opens it from the anomaly, its reason and amount prefilled`, async () => {
      const { page } = broker;
      await page.goto(`${server.url}/#/anomalies/${anomaly.id}`);
      await page.getByRole('link', { name: 'Contester' }).click();
      await page.waitForURL(/#\/disputes\/new\?/);
      expect(await page.getByLabel('Motif').inputValue()).toBe('MISSING_COMMISSION');
      expect(
        await page.getByLabel('Motif').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text),
      ).toBe('Commission non versée');
      expect(await page.getByLabel('Montant réclamé (€)').inputValue()).toBe(String(anomaly.montant));
      expect(await page.locator('p.lead').textContent()).toBe(`Anomalie ${anomaly.id}`);
      await page
        .getByRole('textbox', { name: 'Message' })
        .fill(`La commission de février 2025 de ${anomaly.police} manque.`);
      await shot(page, '1-open-form');
      expect(await noHorizontalScroll(page)).toBe(0);
      await page.getByRole('button', { name: 'Ouvrir le litige' }).click();
      await page.waitForURL(/#\/disputes\/\d+$/);
      id = Number(/#\/disputes\/(\d+)$/.exec(page.url())![1]);
      await page.getByTestId('dispute-status').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await statusOf(page)).toBe('En cours d’examen');
      expect(await page.locator('p.lead').first().textContent()).toBe(
        `En cours d’examen Commission non versée — ${formatEur(anomaly.montant)}`,
      );
      expect(await page.getByTestId('dispute-deadline').textContent()).toBe(
        `À ouvrir avant le ${formatDate(deadline)} (90 jours après le bordereau)`,
      );
      expect(await thread(page)).toEqual([
        `${opener} a ouvert le litige — La commission de février 2025 de ${anomaly.police} manque.`,
      ]);
      // The broker may add a message; deciding is the back office's.
      expect(await actions(page)).toEqual(['Répondre']);
      await shot(page, '2-opened');
      expect(await noHorizontalScroll(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('another broker finds nothing at its address, in the list or by id', async () => {
      const other = await person('courtier2', width);
      try {
        await other.page.goto(`${server.url}/#/disputes/${id}`);
        const failure = other.page.getByTestId('load-failure');
        await failure.waitFor();
        expect(await failure.locator('p').textContent()).toBe('Ce que vous cherchez n’existe pas ou plus.');
        expect(await other.page.getByTestId('dispute-status').count()).toBe(0);
        await shot(other.page, '3-courtier2-not-found');
        await other.page.goto(`${server.url}/#/disputes`);
        await other.page.getByText('Aucun litige.').waitFor();
      } finally {
        await other.close();
      }
    });

    it('gestion sees it in its list and asks for more', async () => {
      const { page } = gestion;
      await page.goto(`${server.url}/#/disputes`);
      const link = page.getByRole('link', { name: new RegExp(`^(Litige )?${id}( —|$)`) }).first();
      await link.waitFor();
      await shot(page, '4-gestion-list');
      await link.click();
      await page.getByTestId('dispute-status').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await statusOf(page)).toBe('En cours d’examen');
      expect(await actions(page)).toEqual(['Répondre', 'Demander des informations', 'Accepter', 'Refuser']);
      // The correction is prefilled with the amount claimed.
      expect(await page.getByLabel('Correction acceptée (€)').inputValue()).toBe(String(anomaly.montant));
      await act(
        page,
        'Merci de joindre l’échéancier du contrat.',
        'Demander des informations',
        'Informations demandées',
      );
      // The server's alert header, in words.
      expect(await page.locator('.alerts-area').textContent()).toContain(`Litige n° ${id} mis à jour`);
      expect(await thread(page)).toEqual([
        `${opener} a ouvert le litige — La commission de février 2025 de ${anomaly.police} manque.`,
        'gestion (Gestion) demande des informations — Merci de joindre l’échéancier du contrat.',
      ]);
      expect(await actions(page)).toEqual(['Répondre', 'Accepter', 'Refuser']);
      await shot(page, '5-gestion-asked');
    });

    it(`${opener} reads the question and answers it`, async () => {
      const { page } = broker;
      await openDispute(broker, id);
      expect(await statusOf(page)).toBe('Informations demandées');
      expect(await actions(page)).toEqual(['Répondre']);
      await act(
        page,
        'Voici l’échéancier : la commission était due en février.',
        'Répondre',
        'En cours d’examen',
      );
      expect(await thread(page)).toEqual([
        `${opener} a ouvert le litige — La commission de février 2025 de ${anomaly.police} manque.`,
        'gestion (Gestion) demande des informations — Merci de joindre l’échéancier du contrat.',
        `${opener} a écrit — Voici l’échéancier : la commission était due en février.`,
      ]);
      await shot(page, '6-answered');
    });

    it('gestion accepts the correction; the broker may reopen it for 30 days', async () => {
      const { page } = gestion;
      await openDispute(gestion, id);
      expect(await statusOf(page)).toBe('En cours d’examen');
      await act(page, 'Commission due : elle figurera sur le prochain bordereau.', 'Accepter', 'Accepté');
      expect(await actions(page)).toEqual([]);
      expect(await page.getByTestId('dispute-deadline').count()).toBe(1);
      const decided = await api<{ reopenDeadline: string; correction: number }>(
        'gestion',
        `api/disputes/${id}`,
      );
      expect(decided.correction).toBe(anomaly.montant);
      expect(await page.getByTestId('dispute-reopen').textContent()).toBe(
        `Peut être rouvert jusqu’au ${formatDate(decided.reopenDeadline)}`,
      );
      await shot(page, '7-accepted');

      await openDispute(broker, id);
      expect(await statusOf(broker.page)).toBe('Accepté');
      expect(await actions(broker.page)).toEqual(['Rouvrir']);
      expect((await thread(broker.page)).at(-1)).toBe(
        'gestion (Gestion) a accepté — Commission due : elle figurera sur le prochain bordereau.',
      );
    });

    it('the wholesaler and the broker see the accepted dispute of C0001', async () => {
      for (const login of opener === 'courtier' ? ['grossiste'] : ['courtier']) {
        const other = await person(login, width);
        try {
          await other.page.goto(`${server.url}/#/disputes`);
          const link = other.page.getByRole('link', { name: new RegExp(`^(Litige )?${id}( —|$)`) }).first();
          await link.waitFor();
          await shot(other.page, `8-${login}-list`);
          await link.click();
          await other.page.getByTestId('dispute-status').waitFor();
          await other.page.waitForLoadState('networkidle');
          expect(await statusOf(other.page)).toBe('Accepté');
          expect(await thread(other.page)).toHaveLength(4);
          await shot(other.page, `9-${login}-dispute`);
        } finally {
          await other.close();
        }
      }
    });

    it('the next imported statement carries the correction and settles it', async () => {
      const { idPolice, police, montant: amount } = anomaly;
      await importCorrection({ idPolice, police, amount, periode });
      const { page } = broker;
      await openDispute(broker, id);
      expect(await statusOf(page)).toBe('Réglé');
      expect(await page.getByTestId('dispute-settled').textContent()).toBe(
        `Réglé par le bordereau ${NEXT_STATEMENT}`,
      );
      expect((await thread(page)).at(-1)).toBe(`Réglé par le bordereau ${NEXT_STATEMENT}`);
      expect(await actions(page)).toEqual([]);
      expect(await page.getByTestId('dispute-reopen').count()).toBe(0);
      await shot(page, '10-settled');
      expect(await noHorizontalScroll(page)).toBe(0);
      await page.getByTestId('dispute-settled').getByRole('link').click();
      await page.waitForURL(new RegExp(`#/mouvements/${NEXT_STATEMENT}`));
      // The settling statement's "what changed" names the dispute it settled, and leads back to it.
      const settledHere = page.getByTestId('settled-disputes');
      await settledHere.waitFor();
      expect(await settledHere.textContent()).toMatch(/^Ce bordereau règle (un litige|\d+ litiges) :/);
      const back = settledHere.getByRole('link', { name: new RegExp(`^litige n° ${id} \\(`) });
      expect(await back.count()).toBe(1);
      await shot(page, '11-settling-statement');
      expect(await noHorizontalScroll(page)).toBe(0);
      await back.click();
      await page.waitForURL(new RegExp(`#/disputes/${id}$`));
      expect(await statusOf(page)).toBe('Réglé');
      expect(broker.pageErrors).toEqual([]);
      expect(gestion.pageErrors).toEqual([]);
    });
  });
}

for (const width of [1280, 390] as const) {
  describe(`"Contester" on a statement line at ${width} px`, () => {
    it('opens the form with the line, a reason of its kind and its amount, and opens the dispute', async () => {
      const session = await person('courtier', width);
      try {
        const { page } = session;
        // C0001's October 2026 statement, sent on 2026-10-31: within its 90 days.
        const lines = await api<{ id: number; montant: number; police: string }[]>(
          'courtier',
          'api/mouvements/1202610?size=200',
        );
        await page.goto(`${server.url}/#/mouvements/1202610`);
        await page.getByRole('button', { name: 'Afficher détail' }).click();
        await page.getByTestId('lines-summary').waitFor();
        const link = page.locator('[data-contest-line]').first();
        await link.waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `disputes-w${width}-line-contest`);
        const shown = await link.getAttribute('data-contest-line');
        const line = lines.find((l) => String(l.id) === shown)!;
        expect(await link.getAttribute('aria-label')).toMatch(new RegExp(`^Contester — ${line.police} `));
        await link.click();
        await page.waitForURL(/#\/disputes\/new\?/);
        expect(await page.locator('p.lead').textContent()).toBe(`Ligne de bordereau ${line.id}`);
        expect(await page.getByLabel('Motif').inputValue()).toBe(
          line.montant < 0 ? 'UNJUSTIFIED_CLAWBACK' : 'WRONG_RATE',
        );
        expect(await page.getByLabel('Montant réclamé (€)').inputValue()).toBe(
          String(Math.abs(line.montant)),
        );
        await page
          .getByRole('textbox', { name: 'Message' })
          .fill('Le taux appliqué n’est pas celui du contrat.');
        await page.getByRole('button', { name: 'Ouvrir le litige' }).click();
        await page.waitForURL(/#\/disputes\/\d+$/);
        await page.getByTestId('dispute-status').waitFor();
        expect(await statusOf(page)).toBe('En cours d’examen');
        const id = Number(/#\/disputes\/(\d+)$/.exec(page.url())![1]);
        const opened = await api<{ source: string; amountClaimed: number; idBordereau: number }>(
          'courtier',
          `api/disputes/${id}`,
        );
        expect(opened).toMatchObject({
          source: 'LINE',
          amountClaimed: Math.abs(line.montant),
          idBordereau: 1202610,
        });
        expect(session.pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    });
  });
}
