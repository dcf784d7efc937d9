import { canSaveUser, type UserAdminContext, userAdminMachine, userFormErrors } from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { callApi, registerAndActivate, tokenOf } from './accounts.ts';
import { eventually, ownErrorAlerts } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
} from './modelPathsInBrowser.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * Core's userAdmin machine replayed through the users page as `admin`. The full path set is
 * far too large for a browser, so the shortest path to each state the screen can show is
 * replayed (`getShortestPaths`, states told apart by what the page shows). Each walk starts on
 * the list sorted by login, where the test's own user `aaa-walker` is the first row; the server
 * decides the outcomes, so the model only lets a save fail when the login is taken (`admin`).
 */
const WALKER = 'aaa-walker';
const CREATED = 'aaa-created';
const walkerUser = {
  id: 0,
  login: WALKER,
  email: `${WALKER}@e2e.example.com`,
  marque: 'UCR',
  activated: true,
  authorities: ['ROLE_USER'],
};

const change = (field: string, value: unknown) => ({ type: 'field.change', field, value }) as EventObject;
const events: EventObject[] = [
  { type: 'create.open' },
  { type: 'edit.open', user: walkerUser } as EventObject,
  change('login', CREATED),
  change('login', 'admin'),
  change('marque', 'UCR'),
  change('email', `${CREATED}@e2e.example.com`),
  change('password', 'secret1'),
  change('confirmPassword', 'secret1'),
  change('confirmPassword', 'secret2'),
  change('firstName', 'Ada'),
  { type: 'save' },
  { type: 'cancel' },
  { type: 'delete.open', login: WALKER } as EventObject,
  { type: 'delete.confirm' },
  { type: 'activation.toggle', user: walkerUser } as EventObject,
  { type: 'sync' },
  { type: 'notice.dismiss' },
  {
    type: 'xstate.done.actor.loadUsers',
    output: { items: [walkerUser], total: 1, links: {} },
  } as EventObject,
  { type: 'xstate.done.actor.saveUser' },
  {
    type: 'xstate.error.actor.saveUser',
    error: { _tag: 'HttpError', status: 400, problem: { title: 'Login name already used!' } },
  } as EventObject,
  { type: 'xstate.done.actor.deleteUser' },
  { type: 'xstate.done.actor.syncUsers' },
];

const USER_EVENTS = new Set(events.map((e) => e.type).filter((type) => !type.startsWith('xstate.')));
const ctx = (state: ModelState) => state.context as UserAdminContext;
const loginTaken = (context: UserAdminContext) => context.form.id === null && context.form.login === 'admin';

/** What the page shows: the state, the dialog's form status, the notice and the error. */
const view = (state: ModelState) => {
  const c = ctx(state);
  return JSON.stringify(
    state.hasTag('dialog')
      ? [state.value, c.form.id === null, canSaveUser(c), c.mismatch, c.error !== null]
      : [state.value, c.notice !== null, c.error !== null],
  );
};

const paths = shortestModelPaths(userAdminMachine, {
  events,
  input: { self: 'admin' },
  // The values decide what the next steps do; the view is what the page shows.
  serializeState: (state) => {
    const { form } = ctx(state);
    return JSON.stringify([
      view(state),
      form.login,
      form.marque,
      form.email,
      form.password,
      form.confirmPassword,
    ]);
  },
  cover: view,
  coverFrom: false,
  transient: (state) => state.hasTag('busy'),
  filterEvents: (state, event) => {
    const c = ctx(state);
    if (!USER_EVENTS.has(event.type)) {
      if (!state.hasTag('busy')) return false;
      // The server refuses a taken login and accepts the rest.
      if (event.type === 'xstate.error.actor.saveUser')
        return state.matches('saving' as never) && loginTaken(c);
      if (event.type === 'xstate.done.actor.saveUser')
        return !(state.matches('saving' as never) && loginTaken(c));
      return true;
    }
    if (state.hasTag('busy')) return false;
    // Save is a disabled button while the form is invalid.
    if (event.type === 'save') return canSaveUser(c);
    // Only the creation form has these fields; editing changes the first name.
    const { field, value } = event as { field?: string; value?: unknown };
    // Typing a field's current value again changes nothing on a page.
    if (field !== undefined && (c.form as unknown as Record<string, unknown>)[field] === value) return false;
    if (field !== undefined) return (c.form.id === null) === (field !== 'firstName');
    return true;
  },
});

const walks = toUserWalks(paths, {
  pageLoad: true,
  transient: (state) => state.hasTag('busy'),
  adapt: ({ event }) => (USER_EVENTS.has(event.type) ? event : undefined),
});

const label = (event: EventObject) => {
  const e = event as EventObject & { field?: string; value?: unknown; login?: string };
  if (e.field !== undefined) return `${e.field}=${String(e.value)}`;
  return e.login === undefined ? e.type : `${e.type} ${e.login}`;
};

const row = (page: Page, login: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: login, exact: true }) });

const FIELD_LABELS: Record<string, string> = {
  login: 'Login',
  marque: 'Marque',
  email: 'E-mail',
  password: 'Mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  firstName: 'Prénom',
};

/** Performs one user event on the users page, as an administrator would. */
const perform = async (page: Page, event: EventObject) => {
  const dialog = page.getByRole('dialog');
  const e = event as EventObject & { field?: string; value?: string };
  switch (event.type) {
    case 'create.open':
      return page.getByRole('button', { name: 'Créer un nouvel utilisateur' }).click();
    case 'edit.open':
      return row(page, WALKER).getByRole('button', { name: 'Modifier' }).click();
    case 'delete.open':
      return row(page, WALKER).getByRole('button', { name: 'Supprimer' }).click();
    case 'activation.toggle':
      return row(page, WALKER)
        .getByRole('button', { name: /^(Activé|Désactivé)$/ })
        .click();
    case 'field.change': {
      const field = dialog.getByLabel(FIELD_LABELS[e.field ?? ''] ?? '', { exact: true });
      if (e.field === 'marque') await field.selectOption(e.value ?? '');
      else await field.fill(e.value ?? '');
      return;
    }
    case 'save':
      return dialog.getByRole('button', { name: 'Enregistrer' }).click();
    case 'cancel':
      return dialog.getByRole('button', { name: 'Annuler' }).click();
    case 'delete.confirm':
      return dialog.getByRole('button', { name: 'Supprimer' }).click();
    case 'sync':
      return page.getByRole('button', { name: 'Synchroniser' }).click();
    case 'notice.dismiss':
      return page.locator('.alert', { hasText: 'Synchronisation réussie' }).locator('.btn-close').click();
    default:
      throw new Error(`no UI for ${event.type}`);
  }
};

const TEXT_FIELDS = [
  'login',
  'codeCourtier',
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
];

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
/** The walks sort the list by login: its address, and its dialogs' over it, say so. */
const BY_LOGIN = '?sort=login,asc';

/** Asserts what the model state promises on the settled page. */
const check = async (page: Page, step: Pick<UserStep, 'event' | 'state' | 'before'>) => {
  const { state, event } = step;
  const c = ctx(state);
  const dialog = page.getByRole('dialog');
  if (state.matches('editing' as never)) {
    await dialog.getByRole('heading', { name: 'Créer ou modifier un utilisateur' }).waitFor();
    expect(hashOf(page)).toBe(
      c.form.id === null ? `#/user-management-new${BY_LOGIN}` : `#/user-management/${WALKER}/edit${BY_LOGIN}`,
    );
    await eventually(() => dialog.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(
      !canSaveUser(c),
    );
    // The text inputs show their errors (the brand select has none of its own).
    const errors = userFormErrors(c) as Record<string, unknown>;
    const invalid = TEXT_FIELDS.filter((field) => errors[field] != null).length;
    expect(await dialog.locator('.is-invalid').count()).toBe(invalid);
    expect(await dialog.getByText('Le mot de passe et sa confirmation ne correspondent pas !').count()).toBe(
      c.mismatch ? 1 : 0,
    );
    expect(await dialog.locator('.alert-danger').count()).toBe(c.error === null ? 0 : 1);
    return;
  }
  if (state.matches('confirmingDelete' as never)) {
    await dialog.getByText(`Êtes-vous certain de vouloir supprimer l’utilisateur ${WALKER} ?`).waitFor();
    expect(hashOf(page)).toBe(`#/user-management/${WALKER}/delete${BY_LOGIN}`);
    return;
  }
  expect(state.value).toBe('ready');
  await dialog.waitFor({ state: 'detached' });
  await eventually(() => hashOf(page)).toBe(`#/user-management${BY_LOGIN}`);
  await page.locator('tbody tr').first().waitFor();
  await eventually(() => page.getByText('Synchronisation réussie').count()).toBe(c.notice === null ? 0 : 1);
  // The page's own error (the shell's alert area also shows HTTP errors for 5 s).
  await eventually(() => ownErrorAlerts(page)).toBe(c.error === null ? 0 : 1);
  if (event.type === 'delete.confirm') expect(await row(page, WALKER).count()).toBe(0);
  if (event.type === 'save' && c.form.id === null) expect(await row(page, CREATED).count()).toBe(1);
};

describe('userAdmin machine paths in the browser', () => {
  let session: Session;
  let token: string;
  let replayed = 0;
  const started = Date.now();
  beforeAll(async () => {
    token = await tokenOf('admin');
    session = await openSession();
    await signInQuickly(session, 'admin');
  });
  afterAll(async () => {
    console.log(
      `userAdmin machine: ${replayed} of ${walks.length} shortest model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await session?.close();
  });
  // Each walk starts from the same users: the walker present and activated, no created user.
  beforeEach(async () => {
    const exists = async (login: string) =>
      (
        await fetch(`${session.baseUrl}/api/users/${login}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status === 200;
    if (await exists(CREATED)) await callApi(`api/users/${CREATED}`, { method: 'DELETE', token });
    if (await exists(WALKER)) await callApi(`api/users/${WALKER}`, { method: 'DELETE', token });
    await callApi('api/users', {
      method: 'POST',
      token,
      body: JSON.stringify({ ...walkerUser, id: undefined, langKey: 'fr', password: 'walker' }),
    });
  });

  it('has walks reaching every state of the dialogs and the list', () => {
    expect(reachedValues(walks)).toEqual(['"confirmingDelete"', '"editing"', '"ready"']);
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      const { page, baseUrl } = session;
      // A fresh page: nothing of the previous walk (sort, notice) carries over.
      await page.goto(`${baseUrl}/#/user-management`);
      await page.reload();
      await page.locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await eventually(() => page.locator('tbody tr').first().textContent()).toContain(WALKER);
      for (const step of walk) {
        await perform(page, step.event);
        await page.waitForLoadState('networkidle');
        await check(page, step);
      }
      expect(session.pageErrors).toEqual([]);
      replayed++;
    });
  }
});

/** The dialogs have their own URLs: deep links open them, Back closes them (docs/product.md §2 popups). */
describe('user dialogs at their URLs', () => {
  let session: Session;
  let token: string;
  beforeAll(async () => {
    token = await tokenOf('admin');
    session = await openSession();
    await signInQuickly(session, 'admin');
    await registerAndActivate('aaa-doomed').catch(() => undefined);
  });
  afterAll(async () => {
    await callApi('api/users/aaa-doomed', { method: 'DELETE', token }).catch(() => undefined);
    await session?.close();
  });

  it('opens the edit dialog from a deep link with the user loaded, and Cancel returns to the list', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/user-management/aaa-doomed/edit`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Créer ou modifier un utilisateur' }).waitFor();
    expect(await dialog.getByLabel('Login', { exact: true }).inputValue()).toBe('aaa-doomed');
    await screenshot(page, 'admin-user-edit-dialog');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => hashOf(page)).toBe('#/user-management');
  });

  it('opens no dialog for a login that does not exist: back at the list, which says it was not found', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/user-management/nobody-by-that-name/edit`);
    await eventually(() => hashOf(page)).toBe('#/user-management');
    await page.getByRole('alert').filter({ hasText: 'Introuvable' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('closes a dialog opened from the list with the Back button, and reopens it with Forward', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/user-management`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await eventually(() => page.locator('tbody tr').first().textContent()).toContain('aaa-doomed');
    await row(page, 'aaa-doomed').getByRole('button', { name: 'Modifier' }).click();
    await page.waitForURL(
      (url) => decodeURIComponent(url.hash) === `#/user-management/aaa-doomed/edit${BY_LOGIN}`,
    );
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(hashOf(page)).toBe(`#/user-management${BY_LOGIN}`);
    // The list kept its sort: the page stayed mounted under the dialog.
    expect(await page.locator('tbody tr').first().textContent()).toContain('aaa-doomed');
    await page.goForward();
    await dialog.getByLabel('Login', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Login', { exact: true }).inputValue()).toBe('aaa-doomed');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('refuses the delete link of the admin itself (back to the list, nothing deleted)', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/user-management/admin/delete`);
    await eventually(() => hashOf(page)).toBe('#/user-management');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await callApi('api/users/admin', { token })).status).toBe(200);
  });

  it('deletes a user created in the test through the delete dialog reached by its URL', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/#/user-management/aaa-doomed/delete`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Êtes-vous certain de vouloir supprimer l’utilisateur aaa-doomed ?').waitFor();
    await screenshot(page, 'admin-user-delete-dialog');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => hashOf(page)).toBe('#/user-management');
    const gone = await fetch(`${baseUrl}/api/users/aaa-doomed`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
    expect(await row(page, 'aaa-doomed').count()).toBe(0);
  });
});

/**
 * Found by the last attack: an account without a brand (every self-registered one) could not be deactivated:
 * the list's toggle sent the user back without `marque` and the server refused it.
 */
describe('the activation toggle of an account without a brand', () => {
  const login = 'aaa-brandless';
  let session: Session;
  let token: string;
  beforeAll(async () => {
    token = await tokenOf('admin');
    await registerAndActivate(login).catch(() => undefined);
    session = await openSession();
    await signInQuickly(session, 'admin');
  });
  afterAll(async () => {
    await callApi(`api/users/${login}`, { method: 'DELETE', token }).catch(() => undefined);
    await session?.close();
  });

  it('deactivates it and activates it again from the list; the server agrees each time', async () => {
    const { page, baseUrl } = session;
    const stored = async () =>
      (await (await callApi(`api/users/${login}`, { token })).json()) as { activated: boolean; marque: null };
    expect(await stored()).toMatchObject({ activated: true, marque: null });
    await page.goto(`${baseUrl}/#/user-management`);
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await eventually(() => page.locator('tbody tr').first().textContent()).toContain(login);
    const toggle = () => row(page, login).getByRole('button', { name: /^(Activé|Désactivé)$/ });
    expect(await toggle().textContent()).toBe('Activé');
    await toggle().click();
    await eventually(() => toggle().textContent()).toBe('Désactivé');
    expect((await stored()).activated).toBe(false);
    expect(await ownErrorAlerts(page)).toBe(0);
    await toggle().click();
    await eventually(() => toggle().textContent()).toBe('Activé');
    expect((await stored()).activated).toBe(true);
    expect(session.pageErrors).toEqual([]);
  });
});
