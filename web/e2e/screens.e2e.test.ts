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
