import { changePasswordMachine } from '@extranet/core/machines/changePassword.machine.ts';
import { type FormContext, mismatchMessage, visibleError } from '@extranet/core/machines/formFlow.ts';
import { resetFinishMachine } from '@extranet/core/machines/resetFinish.machine.ts';
import {
  describeWalk,
  formEventFilter,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
  userEventOnly,
} from '@extranet/core/testing/userWalks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { mailedResetKey } from './outbox.ts';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { sessionFor } from './session.ts';

/**
 * Core's password-change and reset-finish forms (formFlow) replayed through `extranet password`
 * and `extranet reset finish`, as web/e2e/account-paths replays them through their pages: the
 * shortest path to each state the form shows, plus each step back. Typing is what the next run
 * reads on standard input (the new password, then its confirmation); each `submit` is one run.
 * The server decides the outcome: it takes any password the rules let through, with the mailed
 * key or a session, and refuses a wrong key. After each run the terminal shows what the model's
 * state promises (the success line, exit 0; the form's first refusal and nothing sent, exit 2;
 * the server's refusal in the form's words, exit 2), and after each walk the account signs in
 * with the password the walk leaves it, and no longer with the other one.
 */
const BEFORE = 'Before-2026!pass';
const CHOSEN = 'Valid-Passw0rd!';
const OTHER = 'Other-Passw0rd!';
const WRONG_KEY = '00000000000000000000';

/** What the terminal says for each message the forms refuse with (English, as runBin asks). */
const SAID: Record<string, string> = {
  'global.messages.validate.newpassword.required': 'Your password is required.',
  'global.messages.validate.newpassword.minlength': 'Your password is required to be at least 12 characters.',
  'global.messages.validate.confirmpassword.required': 'Your confirmation password is required.',
  'global.messages.validate.passwordconfirmation.required': 'Your password confirmation is required.',
  'global.messages.error.dontmatch': 'The password and its confirmation do not match!',
  'reset.finish.messages.error':
    'Your password couldn’t be reset. Remember a password request is only valid for 24 hours.',
};

const ctx = (state: ModelState) => state.context as FormContext;
const busy = (state: ModelState) => state.hasTag('busy');
/** The form's refusal the terminal says: the first field it marks, else the mismatch. */
const refusal = (state: ModelState) =>
  Object.keys(ctx(state).values)
    .map((field) => visibleError(ctx(state), field))
    .find((error) => error !== null) ?? mismatchMessage(ctx(state));
/** What the terminal says for a state: each refusal its own, so each is walked to. */
const view = (state: ModelState) =>
  JSON.stringify([state.value, refusal(state)?.key ?? null, ctx(state).error !== null]);

const walksOf = (machine: AnyStateMachine, input: unknown, fails: boolean) => {
  const paths = shortestModelPaths(machine, {
    events: [
      ...[CHOSEN, 'short'].map((value) => ({ type: 'field.change', field: 'newPassword', value })),
      ...[CHOSEN, OTHER].map((value) => ({ type: 'field.change', field: 'confirmPassword', value })),
      { type: 'submit' },
      { type: 'xstate.done.actor.submit' },
      { type: 'xstate.error.actor.submit', error: new Error('refused') } as EventObject,
    ],
    input,
    serializeState: (state) => JSON.stringify([view(state), ctx(state).values, ctx(state).dirty]),
    cover: view,
    coverFrom: false,
    transient: busy,
    filterEvents: (state, event) => {
      // An empty second line means "the first again": the terminal cannot send a password with
      // an empty confirmation, so the model does not submit one.
      const { newPassword, confirmPassword } = ctx(state).values;
      if (event.type === 'submit' && newPassword !== '' && confirmPassword === '') return false;
      return formEventFilter(() => fails)(state, event);
    },
  });
  return toUserWalks(paths, { transient: busy, adapt: userEventOnly });
};

const label = (event: EventObject) => {
  const e = event as EventObject & { field?: string; value?: string };
  return e.field === undefined ? event.type : `${e.field} ${JSON.stringify(e.value)}`;
};

/** The new password and its confirmation as `--password-stdin` reads them. */
const stdinOf = (state: ModelState) => {
  const { newPassword = '', confirmPassword = '' } = ctx(state).values;
  return `${newPassword}\n${confirmPassword}\n`;
};

let server: TestServer;
const started = Date.now();
const counts: string[] = [];

const signInStatus = async (login: string, password: string) =>
  (
    await fetch(new URL('api/authenticate', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: login, password, rememberMe: false }),
    })
  ).status;

/** Sets `login`'s password through the API, signed in with its current one. */
const setPassword = async (login: string, from: string, to: string) => {
  const { token } = await sessionFor(server.url, login, from);
  const response = await fetch(new URL('api/account/change-password', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: to,
  });
  if (!response.ok) throw new Error(`password of ${login}: ${response.status}`);
};

/** Each account's password as the last walk left it. */
const passwords: Record<string, string> = {};

/** Gives `login` its starting password again. */
const restore = async (login: string) => {
  if (passwords[login] !== BEFORE) await setPassword(login, passwords[login] ?? '', BEFORE);
  passwords[login] = BEFORE;
};

/** The account signs in with `password` only: the walk left it that one. */
const expectPassword = async (login: string, password: string) => {
  expect(await signInStatus(login, password)).toBe(200);
  expect(await signInStatus(login, password === CHOSEN ? BEFORE : CHOSEN)).toBe(401);
};

/** What one run shows for the state the model promises after its submit. */
const expectRun = (
  result: { code: number | null; stdout: string; stderr: string },
  state: ModelState,
  success: string,
) => {
  expect(result.stdout).toBe('');
  if (state.hasTag('done')) {
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: `${success}\n` });
    return;
  }
  // Refused by the server (failure), or before sending (editing): the form's message, exit 2.
  let said = ctx(state).error;
  if (state.value !== 'failure') {
    expect(state.value).toBe('editing');
    said = refusal(state);
  }
  expect({ code: result.code, stderr: result.stderr }).toEqual({
    code: 2,
    stderr: `extranet: ${SAID[said?.key ?? ''] ?? said?.key}\n`,
  });
};

beforeAll(async () => {
  server = await startServer({ SIGNIN_LIMIT_PER_LOGIN: '100000', ACCOUNT_MAIL_LIMIT_PER_IP: '100000' });
  // The demo passwords (the login) are below the rules a chosen one follows: start from one that is not.
  for (const login of ['courtier', 'courtier2']) {
    await setPassword(login, login, BEFORE);
    passwords[login] = BEFORE;
  }
});
afterAll(async () => {
  console.log(
    `password forms: ${counts.join(', ')} model paths replayed through the CLI in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await server?.close();
});

/**
 * Replays `walks`, one fresh start of the account per walk (`BEFORE` again), running `command`
 * at each submit; the walk's last success decides the password it leaves.
 */
const replay = (
  name: string,
  login: string,
  walks: ReadonlyArray<ReadonlyArray<UserStep>>,
  command: () => Promise<{ args: string[]; env: Record<string, string> }>,
  success: string,
) => {
  let replayed = 0;
  afterAll(() => {
    counts.push(`${name} ${replayed}/${walks.length}`);
  });
  for (const walk of walks)
    it(describeWalk(walk, label), async () => {
      await restore(login);
      const { args, env } = await command();
      for (const step of walk) {
        // Typing runs nothing: the values wait for the next submit.
        if (step.event.type !== 'submit') continue;
        const result = await runBin(args, { env, input: stdinOf(step.before) });
        expectRun(result, step.state, success);
        if (step.state.hasTag('done')) passwords[login] = CHOSEN;
      }
      await expectPassword(login, passwords[login] ?? '');
      replayed++;
    });
};

describe('password-change form paths through `extranet password`', () => {
  const walks = walksOf(changePasswordMachine, {}, false);

  it('has walks to the success and a refused form', () => {
    expect(reachedValues(walks)).toEqual(['"editing"', '"success"']);
  });

  replay(
    'changePassword',
    'courtier',
    walks,
    async () => ({
      args: ['password', '--password-stdin'],
      // A fresh session per walk: a change ends the account's other sessions.
      env: (await sessionFor(server.url, 'courtier', BEFORE)).env,
    }),
    'Password changed!',
  );
});

describe('reset-finish form paths through `extranet reset finish`', () => {
  const email = 'courtier2@demo.extranet.example';

  describe('with the mailed key', () => {
    const walks = walksOf(resetFinishMachine, { key: 'mailed' }, false);
    it('has walks to the success and a refused form', () => {
      expect(reachedValues(walks)).toEqual(['"editing"', '"success"']);
    });
    replay(
      'resetFinish with the mailed key',
      'courtier2',
      walks,
      async () => ({
        args: ['reset', 'finish', '--key', await mailedResetKey(server, email), '--password-stdin'],
        env: { EXTRANET_URL: server.url },
      }),
      'Your password has been reset: sign in with "extranet login".',
    );
  });

  describe('with a wrong key', () => {
    // The refusals before sending are the mailed key's walks': only the server's refusal is new.
    const walks = walksOf(resetFinishMachine, { key: WRONG_KEY }, true).filter((walk) =>
      walk.some((step) => step.state.value === 'failure'),
    );
    it('has walks to the server’s refusal and a refused form', () => {
      expect(reachedValues(walks)).toEqual(['"editing"', '"failure"']);
    });
    replay(
      'resetFinish with a wrong key',
      'courtier2',
      walks,
      async () => ({
        args: ['reset', 'finish', '--key', WRONG_KEY, '--password-stdin'],
        env: { EXTRANET_URL: server.url },
      }),
      '',
    );
  });

  describe('without a key', () => {
    const input = { key: null };
    it('has no walk: the form never shows', () => {
      const [start] = shortestModelPaths(resetFinishMachine, {
        events: [],
        input,
        serializeState: (state) => JSON.stringify(state.value),
      });
      const first = start?.steps[0]?.state as ModelState | undefined;
      expect(first?.hasTag('keyMissing')).toBe(true);
      expect(walksOf(resetFinishMachine, input, false)).toEqual([]);
    });
    it('says the key is missing and changes nothing', async () => {
      await restore('courtier2');
      const result = await runBin(['reset', 'finish', '--password-stdin'], {
        env: { EXTRANET_URL: server.url },
        input: `${CHOSEN}\n${CHOSEN}\n`,
      });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: 'extranet: The password reset key is missing.\n',
      });
      await expectPassword('courtier2', BEFORE);
    });
  });
});
