import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * `expect.poll` with room for a loaded 2-core machine: the page settles when its requests
 * return, which can take seconds when the suite shares the machine.
 */
export const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The page's own error alerts: the shell's alert area (HTTP errors, shown 5 s) left out. */
export const ownErrorAlerts = async (page: Page) =>
  (await page.locator('.alert-danger').count()) - (await page.locator('.alerts-area .alert-danger').count());
