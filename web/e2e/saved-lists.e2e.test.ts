import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { gridRowIds } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import {
  applySavedList,
  deleteSavedLists,
  makeOnlySavedListDefault,
  openSavedMenu,
  saveCurrentList,
  savedFilters,
} from './savedLists.ts';

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
describe('saved lists at 1280 px', () => {
  let session: Session;
  let filteredRows: string[];
  let bareRows: string[];
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, ACCOUNT);
    await deleteSavedLists(session.page, 'police');
  }, 60_000);
  afterAll(async () => {
    if (session) await deleteSavedLists(session.page, 'police');
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

    // The name has the focus: typing names the list, and Enter saves it.
    await saveCurrentList(page, 'Noms en A');
    const [stored] = await savedFilters(page, 'police');
    expect(stored).toMatchObject({ name: 'Noms en A', list: 'police', isDefault: false });
    expect(new URLSearchParams(stored!.query).get('q')).toBe('a');
    expect(new URLSearchParams(stored!.query).getAll('sort')).toEqual(['nomprenom,desc']);

    await page.getByRole('button', { name: 'Effacer filtres' }).click();
    await page.waitForURL(/#\/police$/);
    await settled(page);
    expect(await gridRowIds(page)).toEqual(bareRows);

    const applied = filteredAnswer(page);
    await applySavedList(page, 'Noms en A');
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
    await makeOnlySavedListDefault(page, 'police', async () => {
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'saved-lists-w1280');
    });

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

  it('renames a saved list, and deletes it once confirmed', async () => {
    const { page } = session;
    await openSavedMenu(page);
    await page.getByRole('button', { name: 'Gérer les listes enregistrées…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Listes enregistrées' });
    await dialog.getByRole('button', { name: 'Renommer' }).click();
    await dialog.getByRole('textbox', { name: 'Nom' }).fill('Noms A, décroissants');
    await page.keyboard.press('Enter');
    await eventually(async () => (await savedFilters(page, 'police'))[0]?.name).toBe('Noms A, décroissants');
    // A click asks first: Annuler keeps the list, the confirmation deletes it.
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    const ask = dialog.getByRole('group', { name: 'Supprimer cette liste ?' });
    await ask.waitFor();
    await screenshot(page, 'details-saved-list-delete-ask-1280');
    await ask.getByRole('button', { name: 'Annuler' }).click();
    expect(await dialog.getByRole('group', { name: 'Supprimer cette liste ?' }).count()).toBe(0);
    expect((await savedFilters(page, 'police')).map((list) => list.name)).toEqual(['Noms A, décroissants']);
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await dialog.getByRole('button', { name: 'Oui, supprimer' }).click();
    await eventually(async () => (await savedFilters(page, 'police')).length).toBe(0);
  });
});

describe('saved lists at 390 px', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 390, height: 844 });
    await signInQuickly(session, ACCOUNT);
    await deleteSavedLists(session.page, 'police');
  }, 60_000);
  afterAll(async () => {
    if (session) await deleteSavedLists(session.page, 'police');
    await session?.close();
  });

  it('offers the menu and its dialogs on a phone', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police?${FILTERED}`);
    await page.waitForLoadState('networkidle');
    await openSavedMenu(page);
    await page.getByRole('button', { name: 'Enregistrer la liste actuelle…' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill('Sur mobile');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await eventually(async () => (await savedFilters(page, 'police')).length).toBe(1);
    await openSavedMenu(page);
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
