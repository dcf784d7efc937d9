import type { SavedFilter } from '@extranet/core';
import type { Page } from 'playwright-core';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';

/** What the saved-lists walks do through a list's 'Listes enregistrées' menu, and read back from the API. */

export const openSavedMenu = (page: Page) =>
  page.getByRole('button', { name: 'Listes enregistrées' }).click();

/** The signed-in account's saved lists of one list, as the API answers them. */
export const savedFilters = (page: Page, list: string) =>
  apiJson<SavedFilter[]>(page, `api/saved-filters?list=${list}`);

/**
 * Deletes the signed-in account's saved lists of `list`, so a walk starts and ends with none. Only
 * that list's: the walks of the other lists sign in as the same account and may run meanwhile.
 */
export const deleteSavedLists = (page: Page, list: string) =>
  page.evaluate(async (name) => {
    const token = sessionStorage.getItem('jhi-authenticationToken') ?? '';
    const headers = { authorization: `Bearer ${token}` };
    const url = `api/saved-filters?list=${encodeURIComponent(name)}`;
    const all = (await (await fetch(url, { headers })).json()) as { id: number }[];
    for (const { id } of all) await fetch(`api/saved-filters/${id}`, { method: 'DELETE', headers });
  }, list);

/**
 * 'Enregistrer la liste actuelle…' from the menu: the name field has the focus, so the name is
 * typed and Enter saves it; resolves once the dialog closed.
 */
export const saveCurrentList = async (page: Page, name: string) => {
  await openSavedMenu(page);
  await page.getByRole('button', { name: 'Enregistrer la liste actuelle…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer la liste actuelle' });
  const nameField = dialog.getByRole('textbox', { name: 'Nom' });
  await eventually(() => nameField.evaluate((field) => field === document.activeElement)).toBe(true);
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
};

/** Applies a saved list by its name in the menu. */
export const applySavedList = async (page: Page, name: string) => {
  await openSavedMenu(page);
  await page.getByRole('button', { name, exact: true }).click();
};

/**
 * Makes the only saved list of `list` the default from 'Gérer les listes enregistrées…'; `inDialog`
 * runs before the dialog is closed (a screenshot, an accessibility check).
 */
export const makeOnlySavedListDefault = async (page: Page, list: string, inDialog?: () => Promise<void>) => {
  await openSavedMenu(page);
  await page.getByRole('button', { name: 'Gérer les listes enregistrées…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Listes enregistrées' });
  await dialog.getByRole('table', { name: 'Vos listes enregistrées de cette liste' }).waitFor();
  await dialog.getByRole('button', { name: 'Par défaut' }).click();
  await eventually(async () => (await savedFilters(page, list))[0]?.isDefault).toBe(true);
  await dialog.getByRole('button', { name: 'Retirer le défaut' }).waitFor();
  await inDialog?.();
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await dialog.waitFor({ state: 'detached' });
};
