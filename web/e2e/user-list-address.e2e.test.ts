import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { apiJson } from './lists.ts';
import { signedIn } from './signedIn.ts';

/** The users' logins, top to bottom, as the list shows them. */
const logins = (page: Page) => page.locator('tbody tr td:nth-child(2)').allTextContents();
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const loginHeader = (page: Page) => page.getByRole('columnheader', { name: 'Login', exact: true });

/** The users' sort lives in the address, as the other lists' do: a reload and Back keep the order. */
describe("the users' sort in the address", () => {
  const signed = signedIn('admin');

  it('keeps the order chosen by a header click after a reload and after Back from a user', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/user-management`);
    await page.locator('tbody tr').first().waitFor();
    const byId = await logins(page);
    expect(byId.length).toBeGreaterThan(2);

    // Login once: ascending (the server's collation); twice: the reverse.
    await loginHeader(page).getByRole('button').click();
    await eventually(() => loginHeader(page).getAttribute('aria-sort')).toBe('ascending');
    await page.waitForLoadState('networkidle');
    // The shared server holds more users than a page when other walks ran first: the page is
    // compared with the server's own first page in that order.
    const serverPage = async (sort: string) =>
      (await apiJson<{ login: string }[]>(page, `api/users?page=0&size=${byId.length}&sort=${sort}`)).map(
        (user) => user.login,
      );
    const ascending = await logins(page);
    expect(ascending).not.toEqual(byId);
    expect(ascending).toEqual(await serverPage('login,asc'));
    await loginHeader(page).getByRole('button').click();
    await eventually(() => loginHeader(page).getAttribute('aria-sort')).toBe('descending');
    const descending = await serverPage('login,desc');
    expect(descending).not.toEqual(ascending);
    await eventually(() => logins(page)).toEqual(descending);
    await eventually(() => hashOf(page)).toBe('#/user-management?sort=login,desc');

    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    await eventually(() => logins(page)).toEqual(descending);
    expect(await loginHeader(page).getAttribute('aria-sort')).toBe('descending');

    // A user's page, then Back: the list as it was left.
    await page.locator('tbody tr').first().getByRole('link', { name: 'Voir' }).click();
    await page.waitForURL((url) => url.hash.startsWith(`#/user-management/${descending[0]}`));
    await page.goBack();
    await eventually(() => logins(page)).toEqual(descending);
    expect(hashOf(page)).toBe('#/user-management?sort=login,desc');

    // The user's page's own Retour does the same.
    await page.locator('tbody tr').first().getByRole('link', { name: 'Voir' }).click();
    await page.getByRole('link', { name: 'Retour' }).click();
    await eventually(() => logins(page)).toEqual(descending);
    expect(hashOf(page)).toBe('#/user-management?sort=login,desc');

    // The menu's bare link: the list by id again.
    await page.goto(`${baseUrl}/#/user-management`);
    await eventually(() => logins(page)).toEqual(byId);
    expect(signed.session.pageErrors).toEqual([]);
  });
});
