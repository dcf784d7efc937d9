import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session, screenshot, signInFromHome } from './page.ts';

/** Walks the broker's screens as `courtier` (PORTEFEUILLE, COMPTA, COORD, EXPORT). */
describe('courtier walk', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInFromHome(session, 'courtier');
    // The courtier's home is the dashboard; the timeline is one click away.
    await session.page.getByRole('link', { name: 'Voir la timeline des événements' }).click();
    await session.page.waitForURL(/#\/timeline$/);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows recent events with icons, the services block and quick access, then pages', async () => {
    const { page } = session;
    const rows = page.locator('section[aria-labelledby="events-heading"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    expect(await page.getByRole('heading', { name: 'Vos services' }).isVisible()).toBe(true);
    for (const name of ['Votre portefeuille', 'Vos assurés', 'Vos bordereaux']) {
      expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    }
    // CRR is not selected by default (docs/product.md §4).
    expect(await page.locator('[data-event-type="CRR"]').count()).toBe(0);
    await screenshot(page, 'timeline-events');
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.waitForURL(/page=2/);
    await rows.first().waitFor();
  });

  it('opens a policy from an event, with its cards, insured persons and history', async () => {
    const { page } = session;
    await page.locator('section[aria-labelledby="events-heading"] tbody tr a').first().click();
    await page.waitForURL(/#\/police\/\d+$/);
    await page.getByRole('heading', { name: 'Client' }).waitFor();
    for (const card of ['Police', 'Cotisations', 'Commissions', 'Historique']) {
      expect(await page.getByRole('heading', { name: card, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'policy-detail');
  });

  it('opens the insured popup over the policy and closes it', async () => {
    const { page } = session;
    const view = page.locator('section[aria-labelledby="insured-heading"] tbody tr a').first();
    if ((await view.count()) === 0) return;
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Détail Assuré' });
    await dialog.getByText('Numéro de Secu').waitFor();
    expect(await page.getByRole('heading', { name: 'Client' }).count()).toBe(1);
    await screenshot(page, 'insured-popup');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends a message to after-sales about the policy with an attachment', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Envoyer un message' }).click();
    await page.waitForURL(/#\/message\?idPolice=\d+$/);
    await page.getByLabel('Objet du message').fill('Réclamation');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Bonjour, merci de vérifier ce dossier.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('note.txt - 5 octets').waitFor();
    await screenshot(page, 'courtier-message-form');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Message envoyé').waitFor();
  });
});
