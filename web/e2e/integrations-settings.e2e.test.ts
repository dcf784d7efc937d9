import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { validateFec } from '../../server/test/entries/fec-validator.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

const DEFAULTS = {
  journalCode: 'COM',
  incomeAccount: '706000',
  receivableAccount: '411000',
  clawbackAccount: '709000',
};

/** The signed-in page's API answer (its session token), for setting up and putting back. */
const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('jhi-authenticationToken');
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        json: response.status === 204 ? null : await response.json().catch(() => null),
      };
    },
    { method, path, body },
  );

/**
 * The settings' integration cards in Chromium, at a laptop's width and a phone's: the accounting
 * accounts (a number changed is the one the downloaded FEC file's lines carry; a bad one is
 * refused and nothing is saved) and the webhooks (registered with its secret shown once, listed,
 * paused, its empty delivery log, deleted).
 */
for (const width of [1280, 390] as const) {
  describe(`integration settings at ${width} px`, () => {
    const signed = signedIn('courtier2');
    afterAll(async () => {
      // Put back what the walk changed: other walks download with the defaults.
      if (signed.session) await api(signed.session.page, 'PUT', 'api/account/accounting', DEFAULTS);
    });

    it('changes the commission income account; the downloaded FEC file carries it on its lines', async () => {
      const { page, baseUrl } = signed.session;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      await page.goto(`${baseUrl}/#/settings`);
      const card = page.getByTestId('accounting-card');
      const income = card.getByLabel('Commissions (produit)');
      await card.waitFor();
      await expect.poll(() => income.inputValue(), { timeout: 10_000 }).toBe('706000');
      expect(await card.getByLabel('Code journal').inputValue()).toBe('COM');

      // A number with a dash is refused in the form: nothing is sent, the server keeps the defaults.
      await income.fill('706-1');
      await card.getByRole('button', { name: 'Enregistrer les comptes' }).click();
      expect(await card.getByText('Un numéro de compte : 1 à 20 majuscules ou chiffres.').count()).toBe(1);
      expect((await api(page, 'GET', 'api/account/accounting')).json).toEqual(DEFAULTS);

      await income.fill('706100');
      await card.getByRole('button', { name: 'Enregistrer les comptes' }).click();
      await card.getByTestId('accounting-saved').getByText('Comptes enregistrés.').waitFor();
      await screenshot(page, `settings-accounting-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The latest statement month of the caller, and the whole year before it.
      const latest = (await api(page, 'GET', 'api/commissions?size=1&sort=mois,desc')).json as {
        mois: string;
      }[];
      const to = latest[0]!.mois.slice(0, 7);
      const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
      await page.goto(`${baseUrl}/#/commission`);
      await page.getByRole('button', { name: 'Écritures comptables' }).click();
      await page.getByLabel('Du mois').fill(from);
      await page.getByLabel('Au mois (inclus)').fill(to);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger' }).click(),
      ]);
      const text = readFileSync(await download.path(), 'utf8');
      const entries = validateFec(text, from, to);
      expect(entries.length).toBeGreaterThan(0);
      const accounts = new Set(entries.flatMap((entry) => entry.lines.map((line) => line.CompteNum)));
      expect(accounts.has('706100')).toBe(true);
      expect(accounts.has('706000')).toBe(false);
      for (const entry of entries) expect(entry.debitCents).toBe(entry.creditCents);
      // Every line has the 18 columns of A47 A-1.
      for (const line of text.split('\r\n').slice(0, -1)) expect(line.split('\t')).toHaveLength(18);
    });

    it('registers a webhook with its secret shown once, pauses it, opens its log, deletes it', async () => {
      const { page, baseUrl } = signed.session;
      await page.goto(`${baseUrl}/#/settings`);
      const card = page.getByTestId('webhooks-card');
      await card.getByText('Aucun webhook.').waitFor();
      const url = `https://93.184.216.34/hooks/${width}`;
      await card.getByLabel('Adresse (https)').fill(url);
      await card.getByLabel('Nouveau bordereau').check();
      await card.getByLabel('Nouvel événement IMP, MED ou CTX').check();
      await card.getByRole('button', { name: 'Ajouter le webhook' }).click();
      const secret = card.getByTestId('webhook-secret');
      await secret.waitFor();
      expect(await secret.locator('code').textContent()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const rows = card.getByTestId('webhook-row');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('Nouveau bordereau, Nouvel événement IMP, MED ou CTX');
      await screenshot(page, `settings-webhook-secret-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await secret.getByRole('button', { name: 'J’ai copié le secret' }).click();
      expect(await card.getByTestId('webhook-secret').count()).toBe(0);

      await rows.first().getByRole('button', { name: 'Suspendre' }).click();
      await card.getByTestId('webhooks-done').getByText('Webhook suspendu.').waitFor();
      expect(await rows.first().innerText()).toContain('Désactivé');
      await card.getByRole('button', { name: `Envois du webhook ${url}` }).click();
      await card.getByTestId('webhook-log').getByText('Aucun envoi pour l’instant.').waitFor();
      await screenshot(page, `settings-webhook-log-${width}`);

      await card.getByRole('button', { name: `Supprimer le webhook ${url}` }).click();
      await card.getByTestId('webhooks-done').getByText('Webhook supprimé.').waitFor();
      expect(await card.getByTestId('webhook-row').count()).toBe(0);
      expect((await api(page, 'GET', 'api/webhooks')).json).toEqual([]);
    });
  });
}
