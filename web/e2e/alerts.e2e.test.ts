import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Alerts (docs/insight.md "Alerts") on a server of their own (new events come from an import,
 * which the shared server's other walks must not see), its digest every 2 s into the file outbox:
 * `portefeuille` chooses types in the settings, the navbar's badge counts exactly the new events
 * of those types (the timeline's own count), following it marks them read; the digest's
 * unsubscribe link works in a browser that never signed in. Screenshots at 1280 and 390 px.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CHOSEN = ['AFN', 'IMP', 'MED'] as const;
const MAIL_TO = 'portefeuille@demo.extranet.example';

let server: TestServer;

const api = async <T>(
  login: string,
  path: string,
  init: RequestInit = {},
): Promise<{ body: T; headers: Headers }> => {
  const signIn = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: login }),
  });
  const { id_token } = (await signIn.json()) as { id_token: string };
  const response = await fetch(`${server.url}/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${id_token}`, ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, headers: response.headers };
};

/** The timeline's count of `portefeuille`'s events of the chosen types. */
const chosenEvents = async () =>
  Number(
    (await api('portefeuille', `api/timelines?type=${CHOSEN.join(',')}&size=1`)).headers.get('x-total-count'),
  );

/** Two of C0001's up-to-date policies become unpaid through the back-office import (IMP events). */
const importUnpaid = async () => {
  const { body: page } = await api<{ idPolice: number }[]>(
    'courtier',
    'api/police?statutPaiement.in=A%20jour&motifResil.in=Actif&size=2',
  );
  const rows = [];
  for (const { idPolice } of page) {
    const { body } = await api<Record<string, unknown>>('courtier', `api/police/${idPolice}`);
    const { id: _id, ...row } = body;
    rows.push({ ...row, statutPaiement: 'Impayé' });
  }
  const form = new FormData();
  form.set('kind', 'police');
  form.set('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), 'police.json');
  await api('admin', 'api/admin/import', { method: 'POST', body: form });
};

const digestMail = () => {
  const dir = join(server.dataDir, 'outbox');
  for (const file of readdirSync(dir).sort().reverse()) {
    // Quoted-printable: soft line breaks and `=XX` escapes (the link's own `=` is `=3D`).
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (text.includes(`To: ${MAIL_TO}`) && text.includes('#/unsubscribe?token=')) return text;
  }
  return undefined;
};

beforeAll(async () => {
  // The test worker's environment carries Vite's BASE_URL=/; mailed links get this origin instead.
  server = await startServer(repoRoot, {
    ALERT_DIGEST_INTERVAL_SECONDS: '2',
    RIBBON_ENV: 'e2e',
    BASE_URL: 'http://extranet.test',
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe('alerts', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession(server.url);
    await signInQuickly(session, 'portefeuille');
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });
  const badge = () => session.page.getByTestId('alerts-badge');

  it('chooses the types in the settings', async () => {
    const { page } = session;
    await eventually(() => badge().getAttribute('aria-label')).toBe('Alertes : aucun événement non lu');
    await page.goto(`${server.url}/#/settings`);
    const card = page.getByTestId('alerts-card');
    await card.getByRole('heading', { name: 'Alertes' }).waitFor();
    expect(await card.getByLabel('IMP — Rejet de prélèvement').isChecked()).toBe(true);
    await card.getByLabel('AFN — Validation du contrat').check();
    await card.getByLabel('CTX — Recouvrement contentieux').uncheck();
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    // The alert area shows the server's alert header for the save.
    await page.getByText('Vos alertes sont enregistrées.').waitFor();
    const saved = await api<{ types: string[]; digest: boolean }>('portefeuille', 'api/account/alerts');
    expect(saved.body).toMatchObject({ types: [...CHOSEN], digest: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `alerts-settings-w${width}`);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('counts in the navbar exactly the new events of those types, and empties once they are opened', async () => {
    const { page } = session;
    const before = await chosenEvents();
    await importUnpaid();
    const added = (await chosenEvents()) - before;
    expect(added).toBeGreaterThan(0);
    await page.reload();
    await eventually(() => page.getByTestId('alerts-unread').textContent()).toBe(String(added));
    expect(await badge().getAttribute('aria-label')).toBe(
      added === 1 ? 'Alertes : 1 événement non lu' : `Alertes : ${added} événements non lus`,
    );
    await page.getByTestId('alerts-card').getByRole('button', { name: 'Enregistrer' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) {
        await page.getByRole('button', { name: /navigation/i }).click();
        await badge().waitFor({ state: 'visible' });
        await page.waitForTimeout(500); // the menu's opening transition
      }
      await screenshot(page, `alerts-badge-w${width}`);
    }
    await badge().click();
    await page.waitForURL(/#\/timeline\?typeMessage\.in=AFN,IMP,MED$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await eventually(() => page.getByTestId('alerts-unread').count()).toBe(0);
    await page.reload();
    await badge().waitFor();
    await eventually(() => badge().getAttribute('aria-label')).toBe('Alertes : aucun événement non lu');
    expect(session.pageErrors).toEqual([]);
  });

  it('mails the digest whose unsubscribe link works without signing in', async () => {
    await eventually(() => digestMail() !== undefined).toBe(true);
    const token = /http:\/\/extranet\.test\/#\/unsubscribe\?token=([\w.-]+)/.exec(digestMail()!)![1]!;
    const link = `${server.url}/#/unsubscribe?token=${token}`;
    const anonymous = await openSession(server.url);
    try {
      const { page } = anonymous;
      await page.goto(link);
      await page.getByRole('heading', { name: 'Se désabonner du récapitulatif' }).waitFor();
      await page.getByText('p***@demo.extranet.example').waitFor();
      await screenshot(page, 'alerts-unsubscribe-w1280');
      await page.setViewportSize({ width: 390, height: 800 });
      await screenshot(page, 'alerts-unsubscribe-w390');
      // Opening the page changed nothing; the button does.
      expect((await api<{ digest: boolean }>('portefeuille', 'api/account/alerts')).body.digest).toBe(true);
      await page.getByRole('button', { name: 'Me désabonner' }).click();
      await page.getByTestId('unsubscribe-done').waitFor();
      await screenshot(page, 'alerts-unsubscribed-w390');
      expect((await api<{ digest: boolean }>('portefeuille', 'api/account/alerts')).body.digest).toBe(false);
      // The signature's first character changed (its last one carries two unused bits: A and B
      // there can decode to the same signature, and the link would stay valid).
      await page.goto(
        link.replace(/(token=\d+\.)(.)/, (_, id: string, c: string) => id + (c === 'A' ? 'B' : 'A')),
      );
      await page.reload();
      await page.getByTestId('unsubscribe-invalid').waitFor();
      expect(anonymous.pageErrors).toEqual([]);
    } finally {
      await anonymous.close();
    }
  });
});
