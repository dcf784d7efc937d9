import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session, signInQuickly, visit } from './page.ts';

/**
 * Every screen as the demo account that may see it: a screenshot each under
 * test-output/screenshots/ and no serious axe-core violation.
 */
const walk = (
  login: string | null,
  screens: ReadonlyArray<readonly [name: string, hash: string, ready: string]>,
) =>
  describe(`screens as ${login ?? 'a visitor'}`, () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession();
      if (login !== null) await signInQuickly(session, login);
    });
    afterAll(async () => {
      await session?.close();
    });
    for (const [name, hash, ready] of screens) {
      it(`${name} renders and passes axe`, async () => {
        const violations = await visit(session, hash, ready, `${login ?? 'anonymous'}-${name}`);
        expect(violations).toEqual([]);
        expect(session.pageErrors).toEqual([]);
        // A 1280×720 laptop: no horizontal page scroll (grids scroll inside themselves).
        const overflow = await session.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });

walk(null, [
  ['home', '#/', 'h1'],
  ['register', '#/register', 'form'],
  ['reset-request', '#/reset/request', 'form'],
  ['reset-finish-no-key', '#/reset/finish', '.alert-danger'],
  ['activate-no-key', '#/activate', '.alert-danger'],
]);

walk('courtier', [
  ['timeline', '#/timeline', 'section[aria-labelledby="events-heading"] tbody tr'],
  ['police', '#/police', '.ag-row'],
  ['police-assure', '#/police-assure', '.ag-row'],
  ['commission', '#/commission', '.ag-row'],
  ['message', '#/message?idPolice=1000150', '.ProseMirror'],
  ['settings', '#/settings', 'form'],
  ['password', '#/password', 'form'],
]);

walk('admin', [
  ['user-management', '#/user-management', 'tbody tr'],
  ['user-detail', '#/user-management/courtier', 'dl'],
  ['metrics', '#/jhi-metrics', '[data-testid="datasource"]'],
  ['health', '#/jhi-health', 'tbody tr'],
  ['logs', '#/logs', 'tbody tr'],
  ['audits', '#/audits', 'tbody tr'],
]);

walk('user', [['timeline', '#/timeline', '[data-testid="account-login"]']]);

walk('grossiste', [
  ['commission', '#/commission', '.ag-row'],
  ['police', '#/police', '.ag-row'],
]);

describe('role-dependent content', () => {
  let session: Session;
  afterAll(async () => {
    await session?.close();
  });

  it('hides the services block and the business menus from a user without brand or roles', async () => {
    session = await openSession();
    await signInQuickly(session, 'user');
    const { page } = session;
    await page.getByTestId('account-login').waitFor();
    expect(await page.getByRole('heading', { name: 'Vos services' }).count()).toBe(0);
    expect(await page.getByText('Accès rapide :').count()).toBe(0);
    // No 'Entités' menu at all: none of its entries opens for this account.
    await page.getByRole('button', { name: 'Langue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Entités' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Police' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Administration' }).count()).toBe(0);
  });

  it('gives the wholesaler the courtier filter on statements, not the plain broker', async () => {
    const { page, baseUrl } = session;
    await signInQuickly(session, 'grossiste');
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    expect(await page.getByLabel('Courtier').count()).toBe(1);
    await signInQuickly(session, 'compta');
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row').first().waitFor();
    expect(await page.getByLabel('Courtier').count()).toBe(0);
  });

  it('switches the interface to English from the navbar', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Your commission statements' }).waitFor();
    expect(await page.title()).toBe('Your commission statements');
  });
});
