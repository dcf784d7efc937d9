import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSignIn, openSession, type Session, screenshot } from './page.ts';

/** The real server, Debian's Chromium, a broker signing in through the page. */
describe('sign-in walk', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the anonymous home with its sign-in link, the version and the ribbon', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre extranet !' }).waitFor();
    expect(await page.getByText('Version 1.0.3').first().isVisible()).toBe(true);
    expect(await page.getByTestId('ribbon').textContent()).toBe('e2e');
    expect(await page.title()).toBe('Bienvenue sur votre extranet !');
    await screenshot(page, 'home-anonymous');
  });

  it('refuses wrong credentials with the banner and keeps the modal open', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'vous connecter' }).click();
    await fillSignIn(page, 'courtier', 'wrong-password');
    const banner = page.getByTestId('sign-in-error');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Échec de la connexion !');
    await screenshot(page, 'sign-in-failed');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('signs courtier in through the modal and shows the dashboard with login and brand', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'vous connecter' }).click();
    await screenshot(page, 'sign-in-modal');
    await fillSignIn(page, 'courtier');
    await page.waitForURL(/#\/dashboard$/);
    await page.getByTestId('account-login').waitFor();
    expect(await page.getByTestId('account-login').textContent()).toBe('Connecté en tant que courtier');
    expect(await page.getByTestId('account-marque').textContent()).toBe('Marque : UCR');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Not remembered: the token lives in sessionStorage only.
    const stored = await page.evaluate(() => [
      localStorage.getItem('jhi-authenticationToken'),
      sessionStorage.getItem('jhi-authenticationToken') !== null,
    ]);
    expect(stored).toEqual([null, true]);
    await screenshot(page, 'timeline-courtier');
    expect(session.pageErrors).toEqual([]);
  });

  it('sends a signed-out visitor on a guarded route to /accessdenied, then to the stored URL after sign-in', async () => {
    const { page, baseUrl } = session;
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseUrl}/#/settings`);
    await page.reload();
    await page.waitForURL(/#\/accessdenied$/);
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('load-failure').locator('p').textContent()).toBe(
      'Vous n’êtes pas autorisé à accéder à cette page.',
    );
    await screenshot(page, 'access-denied');
    await fillSignIn(page, 'user', 'user', true);
    await page.waitForURL(/#\/settings$/);
    expect(await page.evaluate(() => localStorage.getItem('jhi-authenticationToken') !== null)).toBe(true);
  });
});

describe('registration walk', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('registers a new account, hides the form and says to check the e-mails', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/register`);
    await page.getByLabel('Identifiant').fill('newbroker');
    await page.getByLabel('E-mail').fill('newbroker@example.com');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Newbroker-2026!');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Newbroker-2026!');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByText('Compte enregistré !').waitFor();
    expect(await page.locator('form').count()).toBe(0);
    await screenshot(page, 'anonymous-register-success');
  });

  it('refuses a login already used', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre extranet !' }).waitFor();
    await page.goto(`${baseUrl}/#/register`);
    await page.getByLabel('Identifiant').fill('courtier');
    await page.getByLabel('E-mail').fill('someone-else@example.com');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Newbroker-2026!');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Newbroker-2026!');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByText('Identifiant déjà utilisé !').waitFor();
  });
});

describe('keyboard-only sign-in', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('reaches the sign-in link with Tab, signs in with the keyboard and shows a visible focus', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    let focused = '';
    for (let i = 0; i < 20 && focused !== 'vous connecter'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('vous connecter');
    // Bootstrap draws the focus ring as a box-shadow on buttons, our CSS as an outline elsewhere.
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
    });
    expect(ring).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.type('courtier');
    await page.keyboard.press('Tab');
    await page.keyboard.type('courtier');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard$/);
  });
});
