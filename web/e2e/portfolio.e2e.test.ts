import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/** 'Votre Portefeuille' as `courtier`: presets, search, more filters, columns, Fiche Client, export. */
describe('portfolio walk', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
    await session.page.goto(`${session.baseUrl}/#/police`);
    await session.page.locator('.ag-row').first().waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  const summary = () => session.page.getByTestId('list-summary').textContent();

  it("narrows with a preset and the global search, and 'Effacer filtres' restores all", async () => {
    const { page } = session;
    const all = await summary();
    expect(all).toMatch(/^(\d+) contrats sur \1$/);
    await page.getByLabel('Filtre prédéfini').selectOption('VIG');
    await eventually(summary).not.toBe(all);
    const search = page.getByLabel('Recherche Globale');
    await search.fill('zzzz-nothing');
    await eventually(summary)
      .toMatch(/^0 contrats sur \d+$/)
      .catch(async (error: Error) => {
        // Once seen on a loaded CI machine and never here: say what the page held then.
        const alerts = await page.locator('.alert').allTextContents();
        throw new Error(
          `${error.message}\naddress: ${page.url()}\nsearch box: ${await search.inputValue()}\nalerts: ${alerts.join(' | ')}\nconsole: ${session.consoleErrors.join(' | ')}`,
        );
      });
    await page.getByText('Aucun résultat').first().waitFor();
    await page.getByRole('button', { name: 'Effacer filtres' }).click();
    await eventually(summary).toBe(all);
  });

  it('applies every preset, those with their own sort included, without a page error', async () => {
    const { page } = session;
    const select = page.getByLabel('Filtre prédéfini');
    const presets = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(presets.length).toBeGreaterThan(2);
    for (const preset of presets) {
      await select.selectOption(preset);
      await eventually(summary).toMatch(/^\d+ contrats sur \d+$/);
      await page.locator('.ag-overlay-loading-wrapper').waitFor({ state: 'hidden' });
    }
    await select.selectOption('');
    expect(session.pageErrors).toEqual([]);
  });

  it('opens the filters, the French date picker starting Monday, and the column chooser', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Plus de filtres...' }).click();
    await page.getByText('Date effet').first().waitFor();
    await page.getByPlaceholder('Du').first().click();
    const firstDay = await page.locator('.react-datepicker__day-name').first().textContent();
    expect(firstDay?.toLowerCase()).toMatch(/^lu/);
    await screenshot(page, 'courtier-police-filters');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Informations' }).click();
    await page.getByLabel('Ville').check();
    await page.locator('.ag-header-cell', { hasText: 'Ville' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('picks a range in the Gamme multi-select from the keyboard, and the list shows only that range', async () => {
    const { page } = session;
    const more = page.getByRole('button', { name: 'Plus de filtres...' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const all = await summary();
    const gamme = page.getByRole('combobox', { name: 'Gamme', exact: true });
    await gamme.focus();
    // The choices are the broker's own ranges, read from GET /api/police/distinct/gamme.
    await page.keyboard.press('ArrowDown');
    const option = page.locator('.ms__option').first();
    await option.waitFor();
    const picked = (await option.textContent()) ?? '';
    expect(picked).not.toBe('');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await eventually(summary).not.toBe(all);
    expect(await summary()).toMatch(/^[1-9]\d* contrats sur \d+$/);
    const cells = page.locator('.ag-row .ag-cell[col-id="gamme"]');
    await eventually(async () => [...new Set(await cells.allTextContents())]).toEqual([picked]);
    await screenshot(page, 'courtier-police-gamme-filter');
    // Removing the choice brings 'Tous' back.
    await gamme.focus();
    await page.keyboard.press('Backspace');
    await eventually(summary).toBe(all);
  });

  it('shows the Fiche Client tab for a row and returns to the list', async () => {
    const { page } = session;
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Fiche Client' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'courtier-police-fiche-client');
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.locator('.ag-row').first().waitFor();
  });

  it("downloads the CSV export with 'Exporter'", async () => {
    const { page } = session;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
  });

  it('opens the movement popup from the policy detail', async () => {
    const { page } = session;
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('link', { name: 'Détails...' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('movements-summary').waitFor();
    expect(await dialog.getByTestId('movements-summary').textContent()).toMatch(/^\d+ mouvement\(s\)$/);
    await screenshot(page, 'courtier-movement-popup');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });
});
