import { readFile } from 'node:fs/promises';
import { formatEur } from '@extranet/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson, gridRowIds, listRequest, shownRows, sortOf } from './lists.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/**
 * 'Anomalies à vérifier' (docs/reconciliation.md), as the broker C0001 whose demo data carries
 * one injected error per rule: reached from the navbar and the dashboard card, sorted by the
 * server, filtered by rule, exported, opened, and left for a policy and back to the list as it
 * was; the marks on a statement line and on a policy lead to their anomalies.
 */
interface Anomaly {
  id: number;
  regle: string;
  idPolice: number;
  police: string;
  idBordereau: number | null;
  idMouvement: number | null;
  montant: number;
  explication: string;
}

const summary = (page: Page) =>
  page
    .getByTestId('list-summary')
    .textContent()
    .then((text) => text?.replace(/\s/g, ' '));
const euros = (anomalies: readonly Anomaly[]) =>
  formatEur(anomalies.reduce((sum, a) => sum + Math.round(a.montant * 100), 0) / 100).replace(/\s/g, ' ');

const chooseRule = async (page: Page, label: string) => {
  const rule = page.getByRole('combobox', { name: 'Règle', exact: true });
  await rule.focus();
  await page.keyboard.press('ArrowDown');
  await page.locator('.ms__option', { hasText: label }).click();
  await page.keyboard.press('Escape');
};

describe('the anomaly list at 1280 px', () => {
  const signed = signedIn('courtier');

  it('opens from the navbar, largest amount first, and the dashboard card links to it', async () => {
    const { page, baseUrl } = signed.session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/#/dashboard`);
    await page.getByTestId('anomalies-summary').waitFor();
    await page.getByTestId('anomalies-card').getByRole('link', { name: 'Voir toutes les anomalies' }).click();
    await eventually(() => page.url()).toMatch(/#\/anomalies/);
    await page.goto(`${baseUrl}/#/timeline`);
    await page.getByRole('button', { name: 'Entités' }).click();
    await page.getByRole('link', { name: 'À vérifier' }).click();
    await page.getByRole('heading', { name: 'Anomalies à vérifier' }).waitFor();
    await page.locator('.ag-row').first().waitFor();
    const all = await apiJson<Anomaly[]>(page, '/api/anomalies?size=20&sort=montant,desc');
    expect(all).toHaveLength(6);
    await eventually(() => gridRowIds(page)).toEqual(all.map((a) => String(a.id)));
    expect(await summary(page)).toBe(`6 anomalies, ${euros(all)} en jeu`);
    await screenshot(page, 'anomalies-list-1280');
  });

  it('sorts by month at the server: the rows in the order the API gives for it', async () => {
    const { page } = signed.session;
    const request = await listRequest(page, /\/api\/anomalies$/, () =>
      page.locator('.ag-header-cell[col-id="mois"] .ag-header-cell-label').click(),
    );
    expect(sortOf(request)).toEqual(['mois,asc']);
    const rows = await apiJson<Anomaly[]>(page, request.url());
    expect(rows).toHaveLength(6);
    await eventually(() => gridRowIds(page)).toEqual(rows.map((a) => String(a.id)));
    const months = await page
      .locator('.ag-row[row-index] [col-id="mois"]')
      .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
    const iso = months.map((m) => m.replace(/^(\d\d)\/(\d{4})$/, '$2-$1'));
    expect(iso).toEqual([...iso].sort());
  });

  it('filters by rule: one row, its count and amount; the export holds exactly that row', async () => {
    const { page } = signed.session;
    await page.getByRole('button', { name: 'Plus de filtres...' }).click();
    await chooseRule(page, 'Taux différent du contrat');
    const rate = await apiJson<Anomaly[]>(page, '/api/anomalies?regle.in=RATE_MISMATCH');
    expect(rate).toHaveLength(1);
    await eventually(() => gridRowIds(page)).toEqual([String(rate[0]!.id)]);
    expect(await summary(page)).toBe(`1 anomalie, ${euros(rate)} en jeu`);
    expect(page.url()).toContain('regle.in=RATE_MISMATCH');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter' }).click(),
    ]);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2);
    const header = lines[0]!.split(';');
    const row = lines[1]!.split(';');
    expect(row[header.indexOf('Police')]).toBe(rate[0]!.police);
    expect(row[header.indexOf('Règle')]).toBe('RATE_MISMATCH');
    expect(signed.errors.errors()).toEqual([]);
  });

  it('goes to the policy (which marks its anomaly) and Back restores the filtered, sorted list', async () => {
    const { page } = signed.session;
    const [rate] = await apiJson<Anomaly[]>(page, '/api/anomalies?regle.in=RATE_MISMATCH');
    const listUrl = page.url();
    await page.locator('.ag-row').getByRole('link', { name: rate!.police }).click();
    await eventually(() => page.url()).toContain(`#/police/${rate!.idPolice}`);
    const mark = page.locator(`[data-anomaly-mark="${rate!.idPolice}"]`);
    await mark.waitFor();
    expect((await mark.textContent())?.trim()).toBe('1 anomalie');
    await screenshot(page, 'anomalies-policy-mark-1280');
    await page.goBack();
    await eventually(() => page.url()).toBe(listUrl);
    await eventually(() => gridRowIds(page)).toEqual([String(rate!.id)]);
    expect(await summary(page)).toBe(`1 anomalie, ${euros([rate!])} en jeu`);

    // The policy's mark leads to its anomalies.
    await page.goForward();
    await page.locator(`[data-anomaly-mark="${rate!.idPolice}"]`).click();
    await eventually(() => page.url()).toContain(`idPolice.equals=${rate!.idPolice}`);
    await eventually(() => gridRowIds(page)).toEqual([String(rate!.id)]);
  });

  it('opens an anomaly: its sentence, its policy and statement; Back returns to the list', async () => {
    const { page, baseUrl } = signed.session;
    const [top] = await apiJson<Anomaly[]>(page, '/api/anomalies?size=1');
    await page.goto(`${baseUrl}/#/anomalies`);
    await eventually(() => gridRowIds(page)).toHaveLength(6);
    const listUrl = page.url();
    await page.locator(`.ag-row[row-id="${top!.id}"] [data-view-row]`).click();
    await eventually(() => page.url()).toContain(`#/anomalies/${top!.id}`);
    const sentence = page.getByTestId('anomaly-sentence');
    await sentence.waitFor();
    expect(await sentence.textContent()).toBe(top!.explication);
    expect(await page.getByRole('link', { name: 'Voir la police' }).getAttribute('href')).toBe(
      `#/police/${top!.idPolice}`,
    );
    await screenshot(page, 'anomaly-detail-1280');
    await page.getByRole('button', { name: 'Retour' }).click();
    await eventually(() => page.url()).toBe(listUrl);
    await eventually(() => gridRowIds(page)).toHaveLength(6);
  });

  it("marks the statement line behind an anomaly, and the mark lists that line's anomaly", async () => {
    const { page, baseUrl } = signed.session;
    const [rate] = await apiJson<Anomaly[]>(page, '/api/anomalies?regle.in=RATE_MISMATCH');
    expect(rate!.idBordereau).not.toBeNull();
    await page.goto(
      `${baseUrl}/#/mouvements/${rate!.idBordereau}?tab=lines&lines.police.startsWith=${encodeURIComponent(rate!.police)}`,
    );
    const mark = page.locator(`[data-anomaly-mark="${rate!.idMouvement}"]`);
    await mark.waitFor();
    expect((await mark.textContent())?.trim()).toBe('1 anomalie');
    // Only the lines behind an anomaly carry a mark.
    const marked = await page.locator('[data-anomaly-mark]').count();
    const ofStatement = await apiJson<Anomaly[]>(
      page,
      `/api/anomalies?idBordereau.equals=${rate!.idBordereau}&police.startsWith=${encodeURIComponent(rate!.police)}`,
    );
    expect(marked).toBe(new Set(ofStatement.map((a) => a.idMouvement)).size);
    await screenshot(page, 'anomalies-statement-line-mark-1280');
    await mark.click();
    await eventually(() => page.url()).toContain(`idMouvement.equals=${rate!.idMouvement}`);
    await eventually(() => gridRowIds(page)).toEqual([String(rate!.id)]);
    expect(signed.errors.errors()).toEqual([]);
  });
});

describe('the anomaly list at 390 px', () => {
  const signed = signedIn('courtier');

  it('shows cards in the order of the amount, and a rule filter in the address narrows them', async () => {
    const { page, baseUrl } = signed.session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/#/anomalies`);
    const all = await apiJson<Anomaly[]>(page, '/api/anomalies?size=20&sort=montant,desc');
    await eventually(() => shownRows(page, 390)).toEqual(all.map((a) => String(a.id)));
    const first = page.locator(`[data-row-id="${all[0]!.id}"]`);
    expect(await first.locator('.fw-semibold').textContent()).toBe(all[0]!.police);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'anomalies-list-390');
    // A shared address with a rule filter, opened afresh.
    await page.goto(`${baseUrl}/#/anomalies?regle.in=CLAWBACK_DUPLICATE`);
    await page.reload();
    const dup = all.filter((a) => a.regle === 'CLAWBACK_DUPLICATE');
    await eventually(() => shownRows(page, 390)).toEqual(dup.map((a) => String(a.id)));
    expect(await summary(page)).toBe(`1 anomalie, ${euros(dup)} en jeu`);
    await page.locator(`[data-row-id="${dup[0]!.id}"] [data-view-row]`).click();
    await page.getByTestId('anomaly-sentence').waitFor();
    await screenshot(page, 'anomaly-detail-390');
    await page.goBack();
    await eventually(() => shownRows(page, 390)).toEqual(dup.map((a) => String(a.id)));
    expect(signed.errors.errors()).toEqual([]);
  });
});

describe('another broker', () => {
  const signed = signedIn('courtier2');

  it('lists only its own anomaly', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/anomalies`);
    const own = await apiJson<Anomaly[]>(page, '/api/anomalies');
    expect(own.map((a) => a.regle)).toEqual(['RATE_MISMATCH']);
    await eventually(() => gridRowIds(page)).toEqual(own.map((a) => String(a.id)));
  });
});
