import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, emailOf, PASSWORD, registerAndActivate, tokenOf } from './accounts.ts';
import { eventually } from './eventually.ts';
import { openSession, SCREENSHOTS, type Session, screenshot, signInQuickly } from './page.ts';

const alertTexts = (session: Session) =>
  session.page.locator('main .alert-danger, main .alert-success').allInnerTexts();
const shownAlerts = (session: Session) => session.page.locator('.alerts-area .alert').allInnerTexts();

/** The walks provoke 400 answers (the console logs them); anything else is a defect. */
const unexpectedConsoleErrors = (session: Session) =>
  session.consoleErrors.filter((line) => !/status of 400/.test(line));

/** Forms say what happened, once, in the interface language. */
describe('account forms say what happened', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('a bad activation key is said in French once, with no English server text', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/activate?key=not-a-key`);
    await page.getByText('n’a pas pu être activé').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('main').innerText()).not.toContain('No user was found');
    expect(await shownAlerts(session)).toEqual([]);
  });

  it('an unknown e-mail on reset is said once; the next try that succeeds leaves no old error', async () => {
    const { page, baseUrl } = session;
    const login = 'forms-reset';
    await registerAndActivate(login);
    await page.goto(`${baseUrl}/#/reset/request`);
    const email = page.getByLabel('E-mail');
    await email.fill('nobody-here@e2e.example.com');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('Adresse e-mail inconnue').waitFor();
    await page.waitForLoadState('networkidle');
    // No empty red banner, nothing else said about it.
    const texts = await alertTexts(session);
    expect(texts.every((text) => text.trim() !== '')).toBe(true);
    expect(texts).toHaveLength(1);
    await screenshot(page, 'reset-unknown-email');
    await email.fill(emailOf(login));
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByText('Consultez vos e-mails').waitFor();
    expect(await page.getByText('Adresse e-mail inconnue').count()).toBe(0);
    expect(await alertTexts(session)).toHaveLength(1);
  });

  it('register: a used e-mail is said, then a success is not shown under the old error', async () => {
    const { page, baseUrl } = session;
    await registerAndActivate('forms-taken');
    await page.goto(`${baseUrl}/#/register`);
    await page.getByLabel('Identifiant', { exact: true }).fill('forms-new');
    await page.getByLabel('E-mail', { exact: true }).fill(emailOf('forms-taken'));
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du nouveau mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByText('E-mail déjà utilisé').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('E-mail déjà utilisé').count()).toBe(1);
    await page.getByLabel('E-mail', { exact: true }).fill(emailOf('forms-new'));
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByText('Compte enregistré').waitFor();
    expect(await page.getByText('E-mail déjà utilisé').count()).toBe(0);
    await screenshot(page, 'register-after-used-email');
    expect(session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(session)).toEqual([]);
  });
});

describe('message form says what happened', () => {
  let session: Session;
  let policy: { idPolice: number; police: string; nomprenom: string };
  beforeAll(async () => {
    const token = await tokenOf('courtier');
    const response = await callApi('api/police?page=0&size=1&sort=idPolice,desc', { token });
    const [first] = (await response.json()) as (typeof policy)[];
    if (first === undefined) throw new Error('courtier has no policy');
    policy = first;
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('names the policy; a refused file says the allowed types and sizes; a send clears the form and says the files went', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/message?idPolice=${policy.idPolice}`);
    expect(await page.getByTestId('message-policy').textContent()).toBe(
      `Police ${policy.police} — ${policy.nomprenom}`,
    );
    await page.getByLabel('Objet du message').fill('Réclamation');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Bonjour, voici les pièces.');
    const chooser = page.getByLabel('Sélectionner vos fichiers');
    await chooser.setInputFiles({
      name: 'outil.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ\x90\x00'),
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const error = page.getByTestId('message-error');
    await error.waitFor();
    const said = (await error.textContent()) ?? '';
    expect(said).toContain('« outil.exe » n’est pas accepté');
    expect(said).toMatch(/pdf.*png.*docx/);
    expect(said).toContain('10 Mo par fichier, 25 Mo en tout, 10 fichiers');
    await screenshot(page, 'message-refused-file');

    await page.getByRole('button', { name: 'Annuler' }).click();
    await chooser.setInputFiles({
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Bonjour le SAV\n'),
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const sent = page.getByTestId('message-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toBe('Message envoyéFichier(s) téléchargé(s)Retour à la fiche client');
    // The success is at the top of the page, above the form; the form is empty for the next one.
    const sentTop = (await sent.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const subjectTop = (await page.getByLabel('Objet du message').boundingBox())?.y ?? 0;
    expect(sentTop).toBeLessThan(subjectTop);
    expect(await page.getByLabel('Objet du message').inputValue()).toBe('');
    await eventually(async () => (await page.locator('.ProseMirror').innerText()).trim()).toBe('');
    expect(await page.getByTestId('chosen-files').count()).toBe(0);
    expect(await page.getByTestId('message-error').count()).toBe(0);
    await screenshot(page, 'message-sent-cleared');
    // A way back to the client file the message was about.
    await sent.getByRole('link', { name: 'Retour à la fiche client' }).click();
    await page.waitForURL((url) => url.hash === `#/police/${policy.idPolice}`);
    await page.locator('#policy-heading').waitFor();
    expect(await page.locator('#policy-heading').textContent()).toContain(String(policy.police));
    expect(session.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(session)).toEqual([]);
  });

  it('the age filter refuses values outside 0–150 and a minimum above the maximum, leaving the rows', async () => {
    const { page, baseUrl } = session;
    const summary = () => page.getByTestId('list-summary').textContent();
    await page.goto(`${baseUrl}/#/police-assure`);
    await page.locator('.ag-row').first().waitFor();
    const more = page.getByRole('button', { name: 'Plus de filtres...' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const all = await summary();
    const min = page.getByLabel('Âge minimum').last();
    const max = page.getByLabel('Âge maximum').last();
    await min.fill('200');
    await page.getByText('Un âge est un nombre entier de 0 à 150.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await summary()).toBe(all);
    await min.fill('');
    await max.fill('40');
    await eventually(summary).not.toBe(all);
    const upTo40 = await summary();
    await min.fill('50');
    await page.getByText('L’âge minimum dépasse l’âge maximum.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await summary()).toBe(upTo40);
    await screenshot(page, 'age-filter-refused');
    await min.fill('30');
    await eventually(summary).not.toBe(upTo40);
    expect(await page.getByText('L’âge minimum dépasse l’âge maximum.').count()).toBe(0);
    const ages = (await page.locator('.ag-row .ag-cell[col-id="age"]').allTextContents()).map(Number);
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((age) => age >= 30 && age <= 40)).toBe(true);
  });
});

describe("admin's 'Activé' box", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'admin');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('is checked and disabled while the user has no id, then changes the saved user', async () => {
    const { page, baseUrl } = session;
    const login = `forms-act-${Date.now().toString(36)}`;
    await page.goto(`${baseUrl}/#/user-management`);
    await page.getByRole('button', { name: 'Créer un nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByLabel('Activé');
    expect(await box.isChecked()).toBe(true);
    expect(await box.isDisabled()).toBe(true);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}details-user-new-activated-1280.png` });
    await dialog.getByLabel('Login', { exact: true }).fill(login);
    await dialog.getByLabel('Marque', { exact: true }).selectOption('UCR');
    await dialog.getByLabel('E-mail', { exact: true }).fill(emailOf(login));
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirmation du mot de passe', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const token = await tokenOf('admin');
    const stored = async () =>
      ((await (await callApi(`api/users/${login}`, { token })).json()) as { activated: boolean }).activated;
    expect(await stored()).toBe(true);
    // Once the user exists (it has an id), its dialog lets the box change.
    await page.goto(`${baseUrl}/#/user-management/${login}/edit`);
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Activé').uncheck();
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await stored()).toBe(false);
    expect(session.pageErrors).toEqual([]);
  });
});
