import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { fillSignIn, openSession, type Session, screenshot, signInQuickly } from './page.ts';

const TOKEN = 'jhi-authenticationToken';

/** Makes the stored token one the server refuses (as an expired or revoked one is). */
const spoilToken = (session: Session) =>
  session.page.evaluate((key) => sessionStorage.setItem(key, `x${sessionStorage.getItem(key)}`), TOKEN);

const rowsOf = (session: Session) => session.page.locator('main table tbody').innerText();

/** The refused calls log "401" in the console; any other console error is a defect. */
const unexpectedConsoleErrors = (session: Session) =>
  session.consoleErrors.filter((line) => !/status of 401/.test(line));

/** A session that ends says so, and signing in again returns to the same list. */
describe('session expiry', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('a 401 while acting opens the sign-in dialog with the message; signing in returns to the same address and rows', async () => {
    const { page, baseUrl } = session;
    await signInQuickly(session, 'courtier');
    await page.goto(`${baseUrl}/#/timeline?page=3`);
    await page.locator('main table tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    const rows = await rowsOf(session);
    await spoilToken(session);

    await page.getByRole('button', { name: 'Filtrer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('session-ended').textContent()).toBe(
      'Votre session a pris fin. Reconnectez-vous pour reprendre là où vous étiez.',
    );
    // The address (and the list state in it) stays; nobody is sent to the anonymous home.
    expect(new URL(page.url()).hash).toBe('#/timeline?page=3');
    await screenshot(page, 'session-ended-dialog');

    await fillSignIn(page, 'courtier');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('main table tbody tr').first().waitFor();
    expect(new URL(page.url()).hash).toBe('#/timeline?page=3');
    await eventually(() => rowsOf(session)).toBe(rows);
    expect(await page.getByTestId('account-login').textContent()).toBe('Connecté en tant que courtier');
    expect(session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(session)).toEqual([]);
  });

  it('a refused stored token at start says the session ended and keeps the guarded address', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/commission?page=1`);
    await page.locator('main').getByRole('heading', { level: 1 }).first().waitFor();
    await spoilToken(session);
    await page.reload();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('session-ended').waitFor();
    expect(new URL(page.url()).hash).toBe('#/commission?page=1');
    await fillSignIn(page, 'compta');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => new URL(page.url()).hash).toBe('#/commission?page=1');
    await page.getByRole('heading', { level: 1, name: /bordereaux/i }).waitFor();
    expect(session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(session)).toEqual([]);
  });

  it('closing the dialog instead of signing in leaves for the anonymous home, nothing kept', async () => {
    const { page, baseUrl } = session;
    await spoilToken(session);
    await page.goto(`${baseUrl}/#/timeline`);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('session-ended').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre extranet !' }).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN)).toBeNull();
    expect(session.pageErrors).toEqual([]);
  });
});
