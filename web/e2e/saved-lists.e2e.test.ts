import type { SavedFilter } from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { apiJson, gridRowIds } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * Saved lists on the policy list (docs/insight.md), as `courtier2` (no other walk uses it, so its
 * default saved list changes no other walk's list): save a filtered, sorted list, reset, apply it
 * (same rows, same order), Back to the list before; make it the default and open the list bare.
 * Screenshots `test-output/screenshots/saved-lists-w<width>.png`.
 */
const ACCOUNT = 'courtier2';
const FILTERED = 'q=a&sort=nomprenom,desc';

const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await eventually(() => page.locator('.ag-overlay-loading-center').count()).toBe(0);
  await page.locator('.ag-row').first().waitFor();
};
/** The policy list's request for the saved (filtered) list, answered. */
const filteredAnswer = (page: Page) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith('/api/police') && url.searchParams.get('q') === 'a';
  });
const openMenu = (page: Page) => page.getByRole('button', { name: 'Listes enregistrées' }).click();
const savedFilters = (page: Page) => apiJson<SavedFilter[]>(page, 'api/saved-filters?list=police');

/** Deletes the account's saved lists, so the walk starts and ends with none. */
const cleanUp = (page: Page) =>
  page.evaluate(async () => {
    const token = sessionStorage.getItem('jhi-authenticationToken') ?? '';
    const headers = { authorization: `Bearer ${token}` };
    const all = (await (await fetch('api/saved-filters', { headers })).json()) as { id: number }[];
    for (const { id } of all) await fetch(`api/saved-filters/${id}`, { method: 'DELETE', headers });
  });

describe('saved lists at 1280 px', () => {
  let session: Session;
  let filteredRows: string[];
  let bareRows: string[];
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, ACCOUNT);
    await cleanUp(session.page);
  }, 60_000);
  afterAll(async () => {
    if (session) await cleanUp(session.page);
    await session?.close();
  });

  it('saves a filtered, sorted list, and applying it after a reset shows the same rows in the same order', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police`);
    await settled(page);
    bareRows = await gridRowIds(page);
    await page.goto(`${baseUrl}/#/police?${FILTERED}`);
    await page.reload();
    await settled(page);
    filteredRows = await gridRowIds(page);
    expect(filteredRows.length).toBeGreaterThan(1);
    expect(filteredRows).not.toEqual(bareRows);

    await openMenu(page);
    await page.getByRole('button', { name: 'Enregistrer la liste actuelle…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer la liste actuelle' });
    // The name has the focus: typing names the list, and Enter saves it.
    const nameField = dialog.getByRole('textbox', { name: 'Nom' });
    await eventually(() => nameField.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('Noms en A');
    expect(await nameField.inputValue()).toBe('Noms en A');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const [stored] = await savedFilters(page);
    expect(stored).toMatchObject({ name: 'Noms en A', list: 'police', isDefault: false });
    expect(new URLSearchParams(stored!.query).get('q')).toBe('a');
    expect(new URLSearchParams(stored!.query).getAll('sort')).toEqual(['nomprenom,desc']);

    await page.getByRole('button', { name: 'Effacer filtres' }).click();
    await page.waitForURL(/#\/police$/);
    await settled(page);
    expect(await gridRowIds(page)).toEqual(bareRows);

    await openMenu(page);
    const applied = filteredAnswer(page);
    await page.getByRole('button', { name: 'Noms en A' }).click();
    await page.waitForURL(/#\/police\?.*q=a/);
    await applied;
    await settled(page);
    expect(await gridRowIds(page)).toEqual(filteredRows);
  });

  it('Back after applying returns to the list before', async () => {
    const { page } = session;
    await page.goBack();
    await page.waitForURL(/#\/police$/);
    await settled(page);
    expect(await gridRowIds(page)).toEqual(bareRows);
    expect(session.pageErrors).toEqual([]);
  });

  it('made the default, it is what the bare list opens with', async () => {
    const { page, baseUrl } = session;
    await openMenu(page);
    await page.getByRole('button', { name: 'Gérer les listes enregistrées…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Listes enregistrées' });
    await dialog.getByRole('table', { name: 'Vos listes enregistrées de cette liste' }).waitFor();
    await dialog.getByRole('button', { name: 'Par défaut' }).click();
    await eventually(async () => (await savedFilters(page))[0]?.isDefault).toBe(true);
    await dialog.getByRole('button', { name: 'Retirer le défaut' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'saved-lists-w1280');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Opened afresh with a bare address: the default saved list is applied.
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    const opened = filteredAnswer(page);
    await page.goto(`${baseUrl}/#/police`);
    await page.waitForURL(/#\/police\?.*q=a/);
    await opened;
    await settled(page);
    expect(await gridRowIds(page)).toEqual(filteredRows);
    expect(await page.getByRole('searchbox', { name: 'Recherche Globale' }).inputValue()).toBe('a');
    expect(session.pageErrors).toEqual([]);
  });

  it('renames and deletes a saved list', async () => {
    const { page } = session;
    await openMenu(page);
    await page.getByRole('button', { name: 'Gérer les listes enregistrées…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Listes enregistrées' });
    await dialog.getByRole('button', { name: 'Renommer' }).click();
    await dialog.getByRole('textbox', { name: 'Nom' }).fill('Noms A, décroissants');
    await page.keyboard.press('Enter');
    await eventually(async () => (await savedFilters(page))[0]?.name).toBe('Noms A, décroissants');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await eventually(async () => (await savedFilters(page)).length).toBe(0);
  });
});

describe('saved lists at 390 px', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 390, height: 844 });
    await signInQuickly(session, ACCOUNT);
    await cleanUp(session.page);
  }, 60_000);
  afterAll(async () => {
    if (session) await cleanUp(session.page);
    await session?.close();
  });

  it('offers the menu and its dialogs on a phone', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police?${FILTERED}`);
    await page.waitForLoadState('networkidle');
    await openMenu(page);
    await page.getByRole('button', { name: 'Enregistrer la liste actuelle…' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill('Sur mobile');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await eventually(async () => (await savedFilters(page)).length).toBe(1);
    await openMenu(page);
    await page.getByRole('button', { name: 'Gérer les listes enregistrées…' }).click();
    await page.getByRole('table', { name: 'Vos listes enregistrées de cette liste' }).waitFor();
    await screenshot(page, 'saved-lists-w390');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
