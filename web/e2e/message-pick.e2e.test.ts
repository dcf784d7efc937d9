import type { Policy } from '@extranet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { apiJson } from './lists.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * `#/message` without a client file, as the specification's menu link opens it: the user finds
 * the file by name or policy number, the search stays in the address, and the chosen file opens
 * the message form about it; Back returns to the matches.
 */
for (const width of [1280, 390] as const) {
  describe(`choosing the client file of a message at ${width} px`, () => {
    let session: Session;
    let policy: Policy;
    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: 844 });
      await signInQuickly(session, 'courtier');
      policy = (await apiJson<Policy[]>(session.page, 'api/police?page=0&size=1&sort=idPolice,asc'))[0]!;
    });
    afterAll(async () => {
      await session?.close();
    });

    it('finds it by name, opens the form about it, and Back shows the same matches', async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/message`);
      await page.getByRole('heading', { name: 'À quel dossier client écrire ?' }).waitFor();
      expect(await page.getByText('Ce que vous cherchez n’existe pas ou plus.').count()).toBe(0);
      const surname = policy.nomprenom!.split(' ')[0]!;
      await page
        .getByRole('textbox', { name: 'Nom du client ou numéro de police' })
        .fill(surname.toLowerCase());
      await page.getByRole('button', { name: 'Chercher' }).click();
      await page.waitForURL((url) => url.hash === `#/message?q=${encodeURIComponent(surname.toLowerCase())}`);
      const matches = page.getByTestId('client-matches').getByRole('listitem');
      await matches.first().waitFor();
      const texts = await matches.allTextContents();
      // Every match names the surname searched; the policy looked for is among them.
      for (const text of texts) expect(text.toUpperCase()).toContain(surname.toUpperCase());
      expect(texts.some((text) => text.startsWith(`${policy.police} — ${policy.nomprenom}`))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `message-pick-w${width}`);
      await page.getByRole('link', { name: `${policy.police} — ${policy.nomprenom}` }).click();
      await page.waitForURL((url) => url.hash === `#/message?idPolice=${policy.idPolice}`);
      expect(await page.getByTestId('message-policy').textContent()).toBe(
        `Police ${policy.police} — ${policy.nomprenom}`,
      );
      await page.goBack();
      await matches.first().waitFor();
      expect(await matches.allTextContents()).toEqual(texts);
      expect(
        await page.getByRole('textbox', { name: 'Nom du client ou numéro de police' }).inputValue(),
      ).toBe(surname.toLowerCase());
      expect(session.pageErrors).toEqual([]);
    });

    it('finds it by policy number, and says when nothing matches', async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/message?q=${encodeURIComponent(policy.police!)}`);
      const matches = page.getByTestId('client-matches').getByRole('listitem');
      await matches.first().waitFor();
      expect((await matches.allTextContents())[0]).toContain(`${policy.police} — ${policy.nomprenom}`);
      await page.goto(`${baseUrl}/#/message?q=zzzz-nobody-zzzz`);
      await page.getByText('Aucun dossier client ne correspond.').waitFor();
    });
  });
}
