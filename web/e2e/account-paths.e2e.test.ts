import {
  activateMachine,
  changePasswordMachine,
  type FormContext,
  mismatchMessage,
  registerMachine,
  resetFinishMachine,
  resetRequestMachine,
  settingsMachine,
  visibleError,
} from '@extranet/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { callApi, emailOf, PASSWORD, registerAndActivate, resetKeyOf, tokenOf } from './accounts.ts';
import { launchChromium } from './chromium.ts';
import { eventually } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
} from './modelPathsInBrowser.ts';
import { mailedKey } from './outbox.ts';
import { fillSignIn, screenshot, VIEWPORT } from './page.ts';

/**
 * Core's account form machines (register, reset request, reset finish, password change,
 * settings; all built on formFlow) replayed through their pages, and activation by link. The
 * shortest path to each state the page shows is replayed (the full path set of five fields is
 * far beyond the browser budget), plus each step back into a state already seen. The server
 * decides the outcomes, so the model lets a submit fail only when the values make the server
 * refuse them (a taken login or e-mail, an unknown address, a wrong key). `NEW` in a value
 * stands for a login unique to the walk.
 */
const RUN = Date.now().toString(36);
const PASSWORD_B = 'Other-2026!pass';

interface FormCase {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly input?: unknown;
  readonly labels: Readonly<Record<string, string>>;
  readonly button: string;
  readonly values: Readonly<Record<string, readonly string[]>>;
  /** What the server answers to these values. */
  readonly fails: (values: Readonly<Record<string, string>>) => boolean;
  readonly success: string;
  readonly failure: string;
  /** The state values the walks must reach (with the first one). */
  readonly reaches: readonly string[];
  /** Opens the page for a walk (signing in first when the page needs it). */
  readonly open: (page: Page, walk: string) => Promise<unknown>;
}

const fieldEvents = (values: FormCase['values']): EventObject[] =>
  Object.entries(values).flatMap(([field, choices]) =>
    choices.map((value) => ({ type: 'field.change', field, value }) as EventObject),
  );

const ctx = (state: ModelState) => state.context as FormContext;
/** The fields showing an error: their own once dirty, the confirmation's mismatch. */
const invalidFields = (state: ModelState) =>
  Object.keys(ctx(state).values).filter(
    (field) =>
      visibleError(ctx(state), field) !== null ||
      (field === 'confirmPassword' && mismatchMessage(ctx(state)) !== null),
  );

const walksOf = (form: FormCase) => {
  const events = [
    ...fieldEvents(form.values),
    { type: 'submit' },
    { type: 'xstate.done.actor.submit' },
    { type: 'xstate.error.actor.submit', error: new Error('refused') } as EventObject,
  ];
  const busy = (state: ModelState) => state.hasTag('busy');
  // What the page shows, coarsely (each step still checks every field's error).
  const view = (state: ModelState) =>
    JSON.stringify([
      state.value,
      invalidFields(state).length > 0,
      ctx(state).mismatch,
      ctx(state).error !== null,
    ]);
  const paths = shortestModelPaths(form.machine, {
    events,
    input: form.input,
    // Exact: states that look alike but differ in what is dirty must not merge.
    serializeState: (state) => JSON.stringify([view(state), ctx(state).values, ctx(state).dirty]),
    cover: view,
    coverFrom: false,
    transient: busy,
    filterEvents: (state, event) => {
      // Typing a field's current value again changes nothing on a page.
      const { field, value } = event as EventObject & { field?: string; value?: string };
      if (field !== undefined && ctx(state).values[field] === value) return false;
      if (!event.type.startsWith('xstate.')) return !busy(state);
      if (!busy(state)) return false;
      return form.fails(ctx(state).values) === (event.type === 'xstate.error.actor.submit');
    },
  });
  return toUserWalks(paths, {
    transient: busy,
    adapt: ({ event }) => (event.type.startsWith('xstate.') ? undefined : event),
  });
};

const label = (event: EventObject) => {
  const e = event as EventObject & { field?: string; value?: string };
  return e.field === undefined ? e.type : `${e.field}=${e.value}`;
};

const perform = async (page: Page, form: FormCase, event: EventObject, walk: string) => {
  const e = event as EventObject & { field?: string; value?: string };
  if (event.type === 'submit') return page.getByRole('button', { name: form.button, exact: true }).click();
  const input = page.locator('form').getByLabel(form.labels[e.field ?? ''] ?? '', { exact: true });
  await input.fill((e.value ?? '').replaceAll('NEW', walk));
};

const check = async (page: Page, form: FormCase, state: ModelState) => {
  if (state.hasTag('keyMissing')) {
    await page.getByText('La clé de réinitialisation est manquante.').waitFor();
    expect(await page.locator('form').count()).toBe(0);
    return;
  }
  if (state.hasTag('done')) {
    await page.getByText(form.success).waitFor();
    return;
  }
  // The last refusal stays shown until the next submit (the machine keeps its error).
  const failed = page.locator('.alert-danger', { hasText: form.failure });
  await eventually(() => failed.count()).toBe(ctx(state).error === null ? 0 : 1);
  await eventually(() => page.locator('form .is-invalid').count()).toBe(invalidFields(state).length);
  for (const field of invalidFields(state))
    expect(
      await page
        .locator('form')
        .getByLabel(form.labels[field] ?? '', { exact: true })
        .getAttribute('class'),
    ).toContain('is-invalid');
};

/** Opens `hash` signed in with a token, without the modal (each walk's context starts empty). */
const openSignedIn = async (page: Page, token: string, hash: string) => {
  await page.goto(`${inject('baseUrl')}/`);
  await page.evaluate((value) => sessionStorage.setItem('jhi-authenticationToken', value), token);
  // A reload: the app reads the token as it starts (a guarded hash before it would be refused).
  await page.reload();
  await page.waitForURL(/#\/(timeline|dashboard)/);
  await page.goto(`${inject('baseUrl')}/#${hash}`);
};

const goto = (page: Page, hash: string) => page.goto(`${inject('baseUrl')}/#${hash}`);

const NEW_PASSWORD = { label: 'Nouveau mot de passe', choices: [PASSWORD, 'short'] };
const CONFIRM = 'Confirmation du nouveau mot de passe';
const ACCOUNT = `acct-${RUN}`;
const SETTINGS_USER = `settings-${RUN}`;
const tokens: Record<string, string> = {};

const FORMS: readonly FormCase[] = [
  {
    name: 'register',
    machine: registerMachine,
    input: { values: { langKey: 'fr' } },
    labels: {
      login: 'Identifiant',
      email: 'E-mail',
      password: 'Nouveau mot de passe',
      confirmPassword: CONFIRM,
    },
    button: 'Créer le compte',
    values: {
      login: ['NEW', 'admin'],
      email: ['NEW@e2e.example.com'],
      password: [PASSWORD],
      confirmPassword: [PASSWORD, PASSWORD_B],
    },
    fails: (values) => values.login === 'admin',
    success: 'Compte enregistré !',
    failure: 'Identifiant déjà utilisé !',
    reaches: ['"editing"', '"failure"', '"success"'],
    open: (page) => goto(page, '/register'),
  },
  {
    name: 'resetRequest',
    machine: resetRequestMachine,
    labels: { email: 'E-mail' },
    button: 'Réinitialiser',
    values: { email: [emailOf(ACCOUNT), 'nobody@e2e.example.com', 'not-an-address'] },
    fails: (values) => values.email !== emailOf(ACCOUNT),
    success: 'Consultez vos e-mails pour savoir comment réinitialiser votre mot de passe.',
    failure: 'Adresse e-mail inconnue !',
    reaches: ['"editing"', '"failure"', '"success"'],
    open: (page) => goto(page, '/reset/request'),
  },
  ...(['valid', 'wrong'] as const).map(
    (key): FormCase => ({
      name: `resetFinish with a ${key} key`,
      machine: resetFinishMachine,
      input: { key },
      labels: { newPassword: NEW_PASSWORD.label, confirmPassword: CONFIRM },
      button: 'Réinitialiser le mot de passe',
      values: { newPassword: NEW_PASSWORD.choices, confirmPassword: [PASSWORD, PASSWORD_B] },
      fails: () => key === 'wrong',
      success: 'Votre mot de passe a été réinitialisé.',
      failure: 'Votre mot de passe n’a pas pu être réinitialisé.',
      reaches: ['"editing"', key === 'valid' ? '"success"' : '"failure"'],
      open: async (page) =>
        goto(
          page,
          `/reset/finish?key=${key === 'valid' ? await resetKeyOf(ACCOUNT) : '00000000000000000000'}`,
        ),
    }),
  ),
  {
    name: 'resetFinish without a key',
    machine: resetFinishMachine,
    input: { key: null },
    labels: {},
    button: '',
    values: {},
    fails: () => false,
    success: '',
    failure: '',
    reaches: ['"keyMissing"'],
    open: (page) => goto(page, '/reset/finish'),
  },
  {
    name: 'changePassword',
    machine: changePasswordMachine,
    labels: { newPassword: NEW_PASSWORD.label, confirmPassword: CONFIRM },
    button: 'Enregistrer',
    values: { newPassword: NEW_PASSWORD.choices, confirmPassword: [PASSWORD, PASSWORD_B] },
    // The server accepts any password the rules let through: no failing path from the page.
    fails: () => false,
    success: 'Mot de passe modifié !',
    failure: 'Une erreur est survenue !',
    reaches: ['"editing"', '"success"'],
    open: async (page) => {
      // A fresh token: a password reset or change ends the account's earlier sessions.
      await openSignedIn(page, await tokenOf(ACCOUNT, PASSWORD), '/password');
    },
  },
  {
    name: 'settings',
    machine: settingsMachine,
    input: { values: { firstName: 'Sam', lastName: 'Start', email: emailOf(SETTINGS_USER), langKey: 'fr' } },
    labels: { firstName: 'Prénom', lastName: 'Nom', email: 'E-mail' },
    button: 'Enregistrer',
    values: { firstName: ['Ada', ' '], lastName: ['Walker'], email: [emailOf(ACCOUNT)] },
    // Another account's address is refused.
    fails: (values) => values.email === emailOf(ACCOUNT),
    success: 'Paramètres enregistrés !',
    failure: 'Une erreur est survenue !',
    reaches: ['"editing"', '"failure"', '"success"'],
    open: async (page) => {
      // Each walk starts from the same account: the names below, its own address.
      await callApi('api/account', {
        method: 'POST',
        token: tokens[SETTINGS_USER] ?? '',
        body: JSON.stringify({
          login: SETTINGS_USER,
          firstName: 'Sam',
          lastName: 'Start',
          email: emailOf(SETTINGS_USER),
          langKey: 'fr',
        }),
      });
      await openSignedIn(page, tokens[SETTINGS_USER] ?? '', '/settings');
    },
  },
];

/** The machine's first state for an input (a page that shows it without any user event). */
const initialState = (machine: AnyStateMachine, input: unknown) =>
  shortestModelPaths(machine, {
    events: [],
    input,
    serializeState: (state) => JSON.stringify(state.value),
  })[0]?.steps[0]?.state as ModelState;

describe('account form machine paths in the browser', () => {
  let browser: Browser;
  const counts: string[] = [];
  const started = Date.now();
  beforeAll(async () => {
    browser = await launchChromium();
    await registerAndActivate(ACCOUNT);
    await registerAndActivate(SETTINGS_USER);
    tokens[ACCOUNT] = await tokenOf(ACCOUNT, PASSWORD);
    tokens[SETTINGS_USER] = await tokenOf(SETTINGS_USER, PASSWORD);
  });
  afterAll(async () => {
    console.log(
      `account forms: ${counts.join(', ')} model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await browser?.close();
  });

  /** A fresh context per walk: empty storage; the page's errors asserted empty. */
  const inPage = async (run: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await run(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  };

  for (const form of FORMS) {
    const walks = walksOf(form);
    describe(form.name, () => {
      let replayed = 0;
      afterAll(() => {
        counts.push(`${form.name} ${replayed}/${walks.length}`);
      });

      it('has walks to every state the page can show', () => {
        expect(reachedValues(walks, initialState(form.machine, form.input))).toEqual(
          [...form.reaches].sort(),
        );
      });

      if (walks.length === 0)
        it('shows its first state', () =>
          inPage(async (page) => {
            await form.open(page, '');
            await check(page, form, initialState(form.machine, form.input));
            await screenshot(page, `anonymous-${form.name.replaceAll(' ', '-')}`);
            replayed++;
          }));

      walks.forEach((walk, index) => {
        const id = `w${RUN}${FORMS.indexOf(form)}x${index}`;
        it(describeWalk(walk, label), () =>
          inPage(async (page) => {
            await form.open(page, id);
            await page.locator('form').first().waitFor();
            await check(page, form, walk[0]?.before as ModelState);
            for (const step of walk) {
              await perform(page, form, step.event, id);
              await page.waitForLoadState('networkidle');
              await check(page, form, step.state);
            }
            replayed++;
          }),
        );
      });
    });
  }
});

/**
 * Activation by the mailed link: the machine has no user event, its path depends on the key
 * (none, a wrong one, the mailed one), so each input's shortest path to its end is replayed.
 */
describe('activate machine paths in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  for (const key of [null, 'wrong', 'mailed'] as const) {
    const [path] = shortestModelPaths(activateMachine, {
      events: [{ type: 'xstate.done.actor.activate' }, { type: 'xstate.error.actor.activate' }],
      input: { key },
      serializeState: (state) => JSON.stringify(state.value),
      // The server activates only with the mailed key.
      filterEvents: (_, event) => (event.type === 'xstate.done.actor.activate') === (key === 'mailed'),
    })
      .filter((p) => (p.steps.at(-1)?.state as ModelState | undefined)?.hasTag('busy') === false)
      .sort((a, b) => b.steps.length - a.steps.length);
    const end = path?.steps.at(-1)?.state as ModelState;
    it(`${key ?? 'no'} key → ${JSON.stringify(end.value)}`, async () => {
      const login = `act${RUN}${key ?? 'none'}`;
      let hash = '/activate';
      if (key === 'wrong') hash += '?key=00000000000000000000';
      if (key === 'mailed') {
        await callApi('api/register', {
          method: 'POST',
          body: JSON.stringify({ login, email: emailOf(login), password: PASSWORD, langKey: 'fr' }),
        });
        hash += `?key=${mailedKey(emailOf(login), 'activate')}`;
      }
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        await page.goto(`${inject('baseUrl')}/#${hash}`);
        if (end.hasTag('done')) await page.getByText('Votre compte a été activé.').waitFor();
        else await page.getByText('Votre compte n’a pas pu être activé.').waitFor();
        await screenshot(page, `anonymous-activate-${key ?? 'no'}-key`);
        if (key === 'mailed') {
          // The account now signs in.
          await page.getByRole('button', { name: 'vous connecter' }).click();
          await fillSignIn(page, login, PASSWORD);
          await page.waitForURL(/#\/timeline/);
        }
      } finally {
        await context.close();
      }
    });
  }
});

/** A successful reset end to end: request, the mailed link, a new password, signing in with it. */
describe('password reset through the mailed link', () => {
  it('resets the password and signs in with the new one', async () => {
    const login = `reset${RUN}`;
    await registerAndActivate(login);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: VIEWPORT, locale: 'fr-FR' });
      await page.goto(`${inject('baseUrl')}/#/reset/request`);
      await page.locator('form').getByLabel('E-mail', { exact: true }).fill(emailOf(login));
      await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
      await page.getByText('Consultez vos e-mails').waitFor();
      const key = mailedKey(emailOf(login), 'reset/finish');
      expect(key).toMatch(/^\d{20}$/);
      await page.goto(`${inject('baseUrl')}/#/reset/finish?key=${key}`);
      await page.locator('form').getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD_B);
      await page.locator('form').getByLabel(CONFIRM, { exact: true }).fill(PASSWORD_B);
      await screenshot(page, 'anonymous-reset-finish-form');
      await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
      await page.getByText('Votre mot de passe a été réinitialisé.').waitFor();
      await screenshot(page, 'anonymous-reset-finish-success');
      await page.getByRole('button', { name: 'vous connecter' }).click();
      await fillSignIn(page, login, PASSWORD_B);
      await page.waitForURL(/#\/timeline/);
      expect(await page.getByTestId('account-login').textContent()).toContain(login);
      // The old password no longer works; the key was used once.
      await expect(tokenOf(login, PASSWORD)).rejects.toThrow(/401/);
    } finally {
      await browser.close();
    }
  });
});
