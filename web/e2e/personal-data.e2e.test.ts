import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, tokenOf } from './accounts.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/**
 * The insured person's page as `courtier` (who holds nir.reveal): the NIR is shown masked, the
 * explicit click shows it whole, and the personal-data button downloads the person's file
 * (docs/security.md "Data protection").
 */
describe('personal data on the insured person page', () => {
  let session: Session;
  let idAssure: number;
  beforeAll(async () => {
    const token = await tokenOf('courtier');
    const response = await callApi('api/police-assures?page=0&size=20', { token });
    const rows = (await response.json()) as { idAssure: number; numeroSecu: string | null }[];
    idAssure = rows.find((row) => row.numeroSecu !== null)!.idAssure;
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the NIR masked, then whole on the click, and downloads the JSON of the person', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police-assure/${idAssure}`);
    const nirCell = page
      .locator('dl div', { has: page.locator('dt', { hasText: /^Numéro de Secu$/ }) })
      .locator('dd');
    await nirCell.waitFor();
    const masked = (await nirCell.textContent()) ?? '';
    expect(masked).toMatch(/^\d \d\d \d\d •• ••• ••• \d\d$/);
    expect(await page.getByRole('status').filter({ hasText: 'Numéro de Secu complet' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Afficher le numéro complet' }).click();
    const revealed = page.getByRole('status').filter({ hasText: 'Numéro de Secu complet' });
    await revealed.waitFor();
    const text = (await revealed.textContent()) ?? '';
    const nir = /Numéro de Secu complet : (\d{15})$/.exec(text)?.[1] ?? '';
    expect(nir).toMatch(/^\d{15}$/);
    expect(`${nir[0]} ${nir.slice(1, 3)} ${nir.slice(3, 5)} •• ••• ••• ${nir.slice(13)}`).toBe(masked);
    expect(await page.getByRole('button', { name: 'Afficher le numéro complet' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`donnees-personnelles-${idAssure}.json`);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      insured: { idAssure: number; numeroSecu: string };
      policy: { idPolice: number };
      events: unknown[];
    };
    expect(data.insured.idAssure).toBe(idAssure);
    expect(data.insured.numeroSecu).toBe(nir);
    expect(typeof data.policy.idPolice).toBe('number');
    expect(Array.isArray(data.events)).toBe(true);
    expect(session.pageErrors).toEqual([]);
  });
});
