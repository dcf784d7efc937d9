import { resources } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, tokenOf } from './accounts.ts';
import { openSession, type Session, signInQuickly, visit } from './page.ts';

/** The generic 'Police Assure' detail page (`police-assure/{id}`) as `courtier`. */
describe('generic insured person detail', () => {
  let session: Session;
  let insured: Record<string, unknown>;
  beforeAll(async () => {
    const token = await tokenOf('courtier');
    const response = await callApi('api/police-assures?page=0&size=1', { token });
    [insured = {}] = (await response.json()) as Array<Record<string, unknown>>;
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows every field of the insured person read-only, passes axe, and Retour goes back', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police-assure`);
    await page.locator('.ag-row').first().waitFor();
    const violations = await visit(
      session,
      `#/police-assure/${insured.idAssure}`,
      'dl dt',
      'courtier-police-assure-detail',
    );
    expect(violations).toEqual([]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Police Assure');
    expect(await page.title()).not.toBe('');
    // Every field the API gives, under its French label (never the field name: `tel1`), and nothing editable.
    const labels = resources.fr.translation.fields as Record<string, string>;
    const names = await page.locator('dl dt').allTextContents();
    expect(names.sort()).toEqual(
      Object.keys(insured)
        .map((key) => labels[key])
        .sort(),
    );
    expect(names).toContain('Téléphone 1');
    expect(names).not.toContain('tel1');
    const idLabel = new RegExp(`^${labels.idAssure}$`);
    const id = page.locator('dl div', { has: page.locator('dt', { hasText: idLabel }) }).locator('dd');
    expect(await id.textContent()).toBe(String(insured.idAssure));
    expect(await page.locator('main input, main select, main textarea').count()).toBe(0);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL((url) => url.hash === '#/police-assure');
    expect(session.pageErrors).toEqual([]);
  });
});
