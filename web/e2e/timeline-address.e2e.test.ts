import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInFromHome } from './page.ts';

/**
 * The timeline's type filter lives in its address like the other lists: a chosen type survives
 * opening a policy and Back, and a reload (as `courtier`).
 */
describe('timeline type filter in the address', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInFromHome(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  const rows = () => session.page.locator('section[aria-labelledby="events-heading"] tbody tr');
  const typesShown = async () =>
    [
      ...new Set(
        await session.page
          .locator('tbody [data-event-type]')
          .evaluateAll((spans) => spans.map((span) => span.getAttribute('data-event-type'))),
      ),
    ].sort();

  it('narrows the events when a type is removed and writes the choice into the address', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/timeline?typeMessage.in=AFN,IMP`);
    await rows().first().waitFor();
    expect((await typesShown()).every((type) => type === 'AFN' || type === 'IMP')).toBe(true);
    await page.getByRole('button', { name: /^Remove AFN/ }).click();
    await page.waitForURL(/typeMessage\.in=IMP$/);
    await eventually(typesShown).toEqual(['IMP']);
    await screenshot(page, 'timeline-filtered');
  });

  it('shows the same events after opening a policy and pressing Back, and after a reload', async () => {
    const { page } = session;
    const before = await rows().allTextContents();
    await rows().first().getByRole('link').click();
    await page.waitForURL(/#\/police\/\d+$/);
    await page.goBack();
    await page.waitForURL(/typeMessage\.in=IMP$/);
    await eventually(() => rows().allTextContents()).toEqual(before);
    expect(await typesShown()).toEqual(['IMP']);
    await page.reload();
    await eventually(() => rows().allTextContents()).toEqual(before);
  });
});
