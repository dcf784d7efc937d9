import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/oidc/sso-flow.ts';
import { startTestProvider, type TestProvider } from '../../server/test/oidc/test-provider.ts';
import { seriousViolations } from './axe.ts';
import { HOME, openSession, type Session, screenshot } from './page.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Single sign-on in the browser, against a real OpenID Connect provider (`oidc-provider`, its
 * development sign-in form) and a server of its own configured for it: the dialog offers the
 * provider, the provider's form signs in, the user lands on their home; an unknown user comes
 * back to the dialog saying why. At a laptop's width and a phone's.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let provider: TestProvider;
let server: TestServer;
/** BASE_URL: the address the provider sends the browser back to, so the one it must begin at. */
let baseUrl: string;

beforeAll(async () => {
  provider = await startTestProvider([
    {
      sub: 'jdupont',
      preferred_username: 'courtier',
      email: 'j.dupont@cabinet.example',
      email_verified: true,
    },
    { sub: 'inconnu', preferred_username: 'inconnu', email: 'inconnu@cabinet.example', email_verified: true },
  ]);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = await startServer(repoRoot, {
    ...provider.env,
    PORT: String(port),
    BASE_URL: baseUrl,
    RIBBON_ENV: 'e2e',
  });
  provider.register(`${baseUrl}/api/oidc/callback`);
});
afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** The provider's development form: any password, the login names the account. */
const signInAtProvider = async (session: Session, login: string) => {
  const { page } = session;
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
};

for (const width of [1280, 390] as const) {
  describe(`single sign-on at ${width} px`, () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession();
      await session.page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    });
    afterAll(async () => {
      await session?.close();
    });

    it('offers the provider in the dialog; signing in there lands on the home, signed in', async () => {
      const { page } = session;
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'vous connecter' }).click();
      const button = page
        .getByRole('dialog')
        .getByRole('button', { name: 'Se connecter avec Annuaire Test' });
      await button.waitFor();
      await screenshot(page, `sso-dialog-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      // Keyboard: the button is reached with Tab and pressed with Enter.
      await button.focus();
      await page.keyboard.press('Enter');
      await signInAtProvider(session, 'jdupont');
      await page.waitForURL(HOME);
      await page.getByTestId('account-login').waitFor();
      expect(await page.getByTestId('account-login').textContent()).toContain('courtier');
      // The one-time code left no trace in the address or the history.
      expect(page.url()).not.toContain('code=');
      expect(await page.evaluate(() => sessionStorage.getItem('extranet.sso'))).toBeNull();
      expect(session.pageErrors).toEqual([]);
    });

    it('an unknown user comes back to the dialog saying no account matches', async () => {
      const { page } = session;
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
      // Signed out at the provider too, so it asks who signs in.
      await page.context().clearCookies();
      await page.goto(`${baseUrl}/`);
      await page.reload();
      await page.getByRole('button', { name: 'vous connecter' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Se connecter avec Annuaire Test' }).click();
      await signInAtProvider(session, 'inconnu');
      const error = page.getByRole('dialog').getByTestId('sign-in-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('Aucun compte ne correspond à votre identité');
      expect(page.url()).not.toContain('#/sso');
      await screenshot(page, `sso-unknown-user-${width}`);
      expect(session.pageErrors).toEqual([]);
    });
  });
}
