import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { focused, pressTo } from './focus.ts';
import { screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

/** Keyboard only, as `courtier`: navbar, a list, a filter, a detail. */
describe('keyboard-only use beyond sign-in', () => {
  const signed = signedIn('courtier');

  it('opens the policies from the navbar, filters them and opens a client with Tab, arrows and Enter', async () => {
    const { page } = signed.session;
    await page.getByTestId('account-login').waitFor();
    // From the top of the page: the navbar's Entités menu, opened with Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await pressTo(page, 'Entités');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await eventually(async () => (await focused(page)).name).toBe('Police');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/police$/);
    await page.locator('.ag-row').first().waitFor();
    const summary = () => page.getByTestId('list-summary').textContent();
    const all = await summary();
    // A predefined filter, chosen from the keyboard.
    // The global search, typed: the list narrows to the matching policies.
    await pressTo(page, 'Recherche Globale');
    await page.keyboard.type('VIT');
    await eventually(summary).not.toBe(all);
    expect(await summary()).toMatch(/^[1-9]\d* contrats sur \d+$/);
    await screenshot(page, 'courtier-keyboard-filter');
    // Through the toolbar and the headers to the first row's eye cell: Enter opens the client.
    await pressTo(page, (now) => now.viewCell, { max: 40 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Client', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Fiche Client' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'courtier-keyboard-client');
    expect(signed.session.pageErrors).toEqual([]);
  });
});
