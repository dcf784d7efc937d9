import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { signedIn } from './signedIn.ts';

/**
 * What surrounds the screens: an address typed without its `#` opens the app at that route (it
 * showed raw problem+json), an unknown address has its own title (it kept the previous page's),
 * the app has a web manifest and a `.ico` for what asks for one, and a statement prints without
 * the navigation, buttons and pager around it.
 */
describe('the app around its screens', () => {
  const signed = signedIn('courtier');

  it('opens the app at the route of an address typed without #', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/police?preset=SEF`);
    expect(new URL(page.url()).hash).toBe('#/police?preset=SEF');
    await page.locator('.ag-row').first().waitFor();
    expect(await page.title()).toBe('Votre Portefeuille');
    expect(await page.getByLabel('Filtre prédéfini').inputValue()).toBe('SEF');
  });

  it('gives an unknown address its own title', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/nulle-part`);
    await page.getByText('Ce que vous cherchez n’existe pas ou plus.').waitFor();
    await eventually(() => page.title()).toBe('Page d’erreur !');
  });

  it('offers a web manifest and a .ico', async () => {
    const { page, baseUrl } = signed.session;
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.request.get(new URL(href!, `${baseUrl}/`).toString());
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as { name: string; lang: string; icons: { src: string }[] };
    expect(body.name).toBe('Extranet courtiers');
    expect(body.lang).toBe('fr');
    for (const icon of body.icons) {
      const response = await page.request.get(new URL(icon.src, `${baseUrl}/`).toString());
      expect(response.status(), icon.src).toBe(200);
    }
    const ico = await page.request.get(`${baseUrl}/favicon.ico`);
    expect(ico.status()).toBe(200);
    // An ICO file: reserved 0, type 1 (icon), then its image count.
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('prints a statement without navigation, buttons or pager', async () => {
    const { page, baseUrl } = signed.session;
    await page.goto(`${baseUrl}/#/commission`);
    await page.locator('.ag-row [data-view-row]').first().click();
    await page.getByRole('button', { name: 'Afficher détail' }).click();
    await page.getByTestId('lines-summary').waitFor();
    await page.locator('.ag-row').first().waitFor();
    const heading = page.locator('h1');
    expect(await page.locator('.navbar').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.locator('.navbar').isVisible()).toBe(false);
      expect(await page.locator('.app-footer').isVisible()).toBe(false);
      expect(
        await page
          .getByRole('button')
          .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length),
      ).toBe(0);
      expect(await heading.isVisible()).toBe(true);
      expect(await page.getByTestId('lines-summary').isVisible()).toBe(true);
      expect(await page.locator('.ag-row').first().isVisible()).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      );
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    expect(signed.errors.errors()).toEqual([]);
  });
});
