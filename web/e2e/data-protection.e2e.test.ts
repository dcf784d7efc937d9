import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * What each account sees of an insured person's data protection (docs/security.md "Data
 * protection"): the NIR masked, revealed on a click only to an account holding nir.reveal; the
 * administrator's "who saw this file" naming who did what and when; the Anonymise button, which
 * says until when retention runs before it anonymises, in French and in English.
 */
interface Person {
  readonly idAssure: number;
  readonly rang: number;
  readonly numeroSecu: string | null;
  readonly nomprenom: string | null;
}

const list = async (token: string) =>
  (await (
    await callApi('api/police-assures?page=0&size=300&sort=idAssure,desc', { token })
  ).json()) as Person[];

/** The person's retention as the server says it when refusing (a refusal changes nothing). */
const retention = async (token: string, idAssure: number) => {
  const response = await fetch(`${inject('baseUrl')}/api/police-assures/${idAssure}/anonymise`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  expect(response.status).toBe(409);
  return ((await response.json()) as { params: { retainedUntil: string | null } }).params.retainedUntil;
};

const cell = (page: Page, label: string) =>
  page.locator('dl div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

const logRows = (page: Page) =>
  page
    .locator('section[aria-labelledby="access-log-title"] tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );

/** The administrator's rows' actions, newest first, from the anonymisation on. */
const adminKinds = (rows: string[][]) => {
  const kinds = rows.filter((row) => row[1] === 'admin').map((row) => row[2]);
  return kinds.slice(
    Math.max(
      0,
      kinds.findIndex((kind) => kind === 'Anonymisation' || kind === 'Anonymised'),
    ),
  );
};

/** A phone's width: the page fits it (no sideways scroll) and is saved to be looked at. */
const atPhoneWidth = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, name);
  // Nothing sideways: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
};

const today = () => new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
const MASKED = /^\d \d\d \d\d •• ••• ••• \d\d$/;

describe('data protection as each account sees it', () => {
  let admin: string;
  // Insured persons who do not hold their policy (rang > 1): anonymising them leaves the
  // policy lists other walks read unchanged.
  let viewed: Person;
  let running: Person;
  let ended: Person & { until: string };
  let foreign: Person;
  const sessions: Session[] = [];
  const open = async (login: string) => {
    const session = await openSession();
    sessions.push(session);
    await signInQuickly(session, login);
    return session;
  };

  beforeAll(async () => {
    admin = await tokenOf('admin');
    const mine = (await list(await tokenOf('courtier'))).filter((p) => p.rang > 1 && p.numeroSecu !== null);
    const theirs = (await list(await tokenOf('courtier2'))).filter((p) => p.numeroSecu !== null);
    foreign = theirs[0]!;
    // From the middle of the list: other walks open the first and last insured persons, and
    // their views would enter this person's access log.
    viewed = mine[Math.floor(mine.length / 2)]!;
    let stillRunning: Person | undefined;
    let over: (Person & { until: string }) | undefined;
    for (const person of mine.filter((p, i) => i > 0 && p !== viewed)) {
      const until = await retention(admin, person.idAssure);
      if (until === null) stillRunning ??= person;
      else over ??= { ...person, until };
      if (stillRunning !== undefined && over !== undefined) break;
    }
    expect(stillRunning).toBeDefined();
    expect(over).toBeDefined();
    running = stillRunning!;
    ended = over!;
  });
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.close()));
  });

  it('shows courtier2 (no nir.reveal) the NIR masked and no way to reveal it', async () => {
    const session = await open('courtier2');
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/police-assure/${foreign.idAssure}`);
    await cell(page, 'Numéro de Secu').waitFor();
    expect(await cell(page, 'Numéro de Secu').textContent()).toMatch(MASKED);
    await page.getByRole('button', { name: 'Télécharger (JSON)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Afficher le numéro complet' }).count()).toBe(0);
    expect(await page.getByText(/Numéro de Secu complet/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Anonymiser' }).count()).toBe(0);
    expect(await page.locator('#access-log-title').count()).toBe(0);
    expect(session.pageErrors).toEqual([]);
  });

  it("lists for the administrator the courtier's view and reveal: who, when, what, from where", async () => {
    const courtier = await open('courtier');
    await courtier.page.goto(`${courtier.baseUrl}/#/police-assure/${viewed.idAssure}`);
    const nirCell = cell(courtier.page, 'Numéro de Secu');
    await nirCell.waitFor();
    expect(await nirCell.textContent()).toMatch(MASKED);
    await courtier.page.getByRole('button', { name: 'Afficher le numéro complet' }).click();
    // The list carries the NIR masked too: the whole one matches its visible digits.
    const [, a, b, c, d] = /^(\d) (\d\d) (\d\d) •• ••• ••• (\d\d)$/.exec(viewed.numeroSecu ?? '') ?? [];
    await courtier.page.getByText(new RegExp(`^Numéro de Secu complet : ${a}${b}${c}\\d{8}${d}$`)).waitFor();
    await atPhoneWidth(courtier.page, 'courtier-insured-nir-revealed-390');

    const { page, baseUrl } = await open('admin');
    await page.goto(`${baseUrl}/#/police-assure/${viewed.idAssure}`);
    await page.getByRole('heading', { name: 'Qui a consulté ce dossier' }).waitFor();
    await eventually(async () => (await logRows(page)).length).toBeGreaterThanOrEqual(2);
    const rows = await logRows(page);
    // Newest first: the reveal, then the view that preceded it, both today, from this machine.
    const theCourtier = rows.filter((row) => row[1] === 'courtier');
    expect(theCourtier.map((row) => row[2])).toEqual(['Numéro de Secu affiché', 'Consultation']);
    for (const row of theCourtier) {
      expect(row[0]?.startsWith(today())).toBe(true);
      expect(row[3]).toMatch(/^127\.0\.0\.1 — Mozilla/);
    }
    expect(await page.locator('section[aria-labelledby="access-log-title"] th').allTextContents()).toEqual([
      'Date',
      'Utilisateur',
      'Action',
      'Depuis',
    ]);
    await screenshot(page, 'admin-insured-access-log');
    // On a phone the same entries, one per line, action first: no column cut at the card's edge.
    const wide = await logRows(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const entries = page.getByTestId('access-log-entries').locator('li');
    await eventually(() => entries.count()).toBe(wide.length);
    expect(await page.locator('section[aria-labelledby="access-log-title"] table').count()).toBe(0);
    const lines = await entries.evaluateAll((items) =>
      items.map((item) => [...item.children].map((line) => line.textContent?.trim() ?? '')),
    );
    expect(lines).toEqual(
      wide.map(([at, login, kind, from]) => [kind, `${at} · ${login}`, from!.split(' — ')[0]]),
    );
    expect(lines.filter((line) => line[1]!.endsWith(' · courtier')).map((line) => line[0])).toEqual([
      'Numéro de Secu affiché',
      'Consultation',
    ]);
    const overflowing = await entries.evaluateAll((items) =>
      items
        .flatMap((item) => [...item.children])
        .filter((line) => line.scrollWidth > line.clientWidth || line.getBoundingClientRect().right > 390)
        .map((line) => line.textContent),
    );
    expect(overflowing).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await atPhoneWidth(page, 'admin-insured-access-log-390');
  });

  it('says the contract runs, changes nothing, then anonymises on the second click (French)', async () => {
    const { page, baseUrl } = await open('admin');
    await page.goto(`${baseUrl}/#/police-assure/${running.idAssure}`);
    const name = cell(page, 'Nom prénom');
    await name.waitFor();
    expect(await name.textContent()).toBe(running.nomprenom);
    await page.getByRole('button', { name: 'Anonymiser', exact: true }).click();
    const note = page.getByTestId('anonymise-note');
    await eventually(() => note.textContent()).toBe(
      'Le contrat est en cours : ses données sont conservées jusqu’à cinq ans après sa fin. Rien n’a été modifié.',
    );
    // Said once, in the card: not broadcast in the alert area as well.
    expect(await page.getByText(/durée de conservation/).count()).toBe(0);
    expect(await name.textContent()).toBe(running.nomprenom);
    expect(await cell(page, 'Numéro de Secu').textContent()).toMatch(MASKED);

    await page.getByRole('button', { name: 'Anonymiser malgré la conservation' }).click();
    await eventually(() => note.textContent()).toBe(`Personne anonymisée le ${today()}.`);
    await eventually(() => cell(page, 'Nom prénom').textContent()).toBe(`Anonyme ${running.idAssure}`);
    expect(await cell(page, 'Numéro de Secu').textContent()).not.toMatch(/\d/);
    // No number left to reveal.
    expect(await page.getByRole('button', { name: 'Afficher le numéro complet' }).count()).toBe(0);
    // Newest first: the anonymisation above the view that preceded it (the reload's own view,
    // recorded while the log reloads, may come first).
    await eventually(async () => adminKinds(await logRows(page))).toEqual(['Anonymisation', 'Consultation']);
    await screenshot(page, 'admin-insured-anonymised');
  });

  it('says until when the data is kept, then anonymises (English)', async () => {
    const { page, baseUrl } = await open('admin');
    await page.goto(`${baseUrl}/#/police-assure/${ended.idAssure}`);
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Who saw this file' }).waitFor();
    await page.getByRole('button', { name: 'Anonymise', exact: true }).click();
    const note = page.getByTestId('anonymise-note');
    await eventually(() => note.textContent()).toBe(
      `The contract data is kept until ${ddmmyyyy(ended.until)}: nothing was changed.`,
    );
    await page.getByRole('button', { name: 'Anonymise despite retention' }).click();
    await eventually(() => note.textContent()).toBe(`Person anonymised on ${today()}.`);
    await eventually(async () => adminKinds(await logRows(page))).toEqual(['Anonymised', 'Viewed']);
  });
});
