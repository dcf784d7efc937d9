import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchChromium } from './chromium.ts';

export const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

/** A laptop screen, the smallest the issue asks to support without horizontal scroll. */
export const VIEWPORT = { width: 1280, height: 720 };

export interface Session {
  readonly browser: Browser;
  readonly page: Page;
  readonly baseUrl: string;
  /** Browser console errors and failed page scripts, asserted empty by walks. */
  readonly pageErrors: string[];
  /** Console errors (a failed request logs one: walks that provoke a 4xx filter theirs out). */
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

/** A fresh browser with one French page at the app's root (the shared server's, unless another is named). */
export const openSession = async (baseUrl: string = inject('baseUrl')): Promise<Session> => {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const consoleErrors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') consoleErrors.push(`${entry.text()} ${entry.location().url}`);
  });
  if (process.env.E2E_DEBUG)
    page.on('console', (entry) => console.log(`[browser ${entry.type()}]`, entry.text()));
  return { browser, page, baseUrl, pageErrors, consoleErrors, close: () => browser.close() };
};

/** Saves a full-page screenshot as `test-output/screenshots/<name>.png`. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
};

/** Signs in through the modal (opened from wherever the caller left it). */
export const fillSignIn = async (page: Page, login: string, password = login, remember = false) => {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Identifiant').fill(login);
  await dialog.getByLabel('Mot de passe').fill(password);
  if (remember) await dialog.getByLabel('Se souvenir de moi').check();
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
};

/** A signed-in home: the dashboard (ROLE_COMPTA or ROLE_PORTEFEUILLE) or the timeline. */
export const HOME = /#\/(timeline|dashboard)$/;

/** From the home page: the sign-in link, the modal, then the account's home. */
export const signInFromHome = async (session: Session, login: string) => {
  const { page, baseUrl } = session;
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'vous connecter' }).click();
  await fillSignIn(page, login);
  await page.waitForURL(HOME);
};

/**
 * Opens a screen by its hash, waits for what proves it is ready, saves its screenshot and
 * returns its serious accessibility violations (asserted empty by the walks).
 */
export const visit = async (session: Session, hash: string, ready: string, name: string) => {
  const { page, baseUrl } = session;
  await page.goto(`${baseUrl}/${hash}`);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  return seriousViolations(page);
};

/** Signs in with a token fetched through the page, then reloads (faster than the modal). */
export const signInQuickly = async (session: Session, login: string) => {
  const { page, baseUrl } = session;
  await page.goto(`${baseUrl}/`);
  await page.evaluate(async (user) => {
    const response = await fetch('api/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: user, rememberMe: false }),
    });
    sessionStorage.setItem(
      'jhi-authenticationToken',
      ((await response.json()) as { id_token: string }).id_token,
    );
  }, login);
  await page.reload();
  await page.waitForURL(HOME);
};
