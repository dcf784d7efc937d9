import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { type Session, screenshot } from './page.ts';
import { signedIn } from './signedIn.ts';

const NOT_FOUND = 'Ce que vous cherchez n’existe pas ou plus.';
const DENIED = 'Vous n’êtes pas autorisé à accéder à cette page.';

const shownAlerts = (session: Session) => session.page.locator('.alerts-area .alert').allInnerTexts();

/** The walks provoke 400/404 answers, which the console logs; anything else is a defect. */
const unexpectedConsoleErrors = (session: Session) =>
  session.consoleErrors.filter((line) => !/status of (400|404)/.test(line));

/** Not found and not allowed say so once, with a way back; alerts neither pile up nor follow. */
describe('not found, not allowed, alerts', () => {
  const signed = signedIn('admin');

  it('a missing statement says so once, offers no retry, and leads back to the signed-in home', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/mouvements/999999`);
    const failure = page.getByTestId('load-failure');
    await failure.waitFor();
    expect(await failure.locator('p').textContent()).toBe(NOT_FOUND);
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    // Two calls failed (statement and recap): nothing more in the alert area.
    expect(await shownAlerts(signed.session)).toEqual([]);
    await screenshot(page, 'not-found-statement');
    await failure.getByRole('button', { name: 'Retour à l’accueil' }).click();
    await eventually(() => new URL(page.url()).hash).toBe('#/timeline');
    await page.getByTestId('account-login').waitFor();
  });

  it('a policy address with an impossible id and a missing user say "not found", not a field error', async () => {
    const { page, baseUrl } = signed.session;
    const asked: string[] = [];
    const record = (request: { url: () => string }) => void asked.push(new URL(request.url()).pathname);
    page.on('request', record);
    await page.goto(`${baseUrl}/#/police/NOPE`);
    await page.getByTestId('load-failure').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    // The address cannot name a policy: the page says so without asking the server.
    expect(asked.filter((path) => path.includes('NOPE'))).toEqual([]);
    expect(await page.locator('main').innerText()).not.toContain('idPolice');
    expect(await page.getByTestId('load-failure').locator('p').textContent()).toBe(NOT_FOUND);
    expect(await shownAlerts(signed.session)).toEqual([]);
    await page.goto(`${baseUrl}/#/user-management/nobody-here`);
    await page.getByTestId('load-failure').waitFor();
    expect(await page.getByText(NOT_FOUND).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
  });

  it('an unknown address says not found with a way back', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/no-such-screen`);
    await page.getByText(NOT_FOUND).waitFor();
    await page.getByRole('button', { name: 'Retour à l’accueil' }).click();
    await eventually(() => new URL(page.url()).hash).toBe('#/timeline');
  });

  it('the same failing list shows its alert once, and the alert does not follow to the next page', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/timeline?sort=nonsense,asc`);
    await page.reload();
    await eventually(() => shownAlerts(signed.session)).toEqual(['Erreur sur le champ sort']);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await page.waitForLoadState('networkidle');
    const lastShown = Date.now();
    expect(await shownAlerts(signed.session)).toEqual(['Erreur sur le champ sort']);
    await screenshot(page, 'alerts-once');
    await page.getByRole('button', { name: 'Administration' }).click();
    await page.getByRole('link', { name: 'Santé' }).click();
    await page.getByRole('heading', { level: 1, name: 'Diagnostics' }).waitFor();
    // Well before the 5 s an alert stays: it belonged to the page the user left.
    expect(await shownAlerts(signed.session)).toEqual([]);
    expect(Date.now() - lastShown).toBeLessThan(5000);
    expect(signed.session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(signed.session)).toEqual([]);
  });
});

describe('not allowed', () => {
  const signed = signedIn('courtier');

  it('an administration screen says "not authorized" with a way back and no retry', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/jhi-health`);
    await page.getByText(DENIED).waitFor();
    expect(new URL(page.url()).hash).toBe('#/accessdenied');
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    await screenshot(page, 'not-allowed');
    await page.getByRole('button', { name: 'Retour à l’accueil' }).click();
    await eventually(() => new URL(page.url()).hash).toBe('#/dashboard');
    await page.getByTestId('account-login').waitFor();
    expect(signed.session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(signed.session)).toEqual([]);
  });
});
