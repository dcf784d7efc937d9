import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { memoryTokenStore } from '../api/config.ts';
import { HttpError, ServerUnreachable } from '../api/errors.ts';
import type { Account } from '../domain/account.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { authMachine, HOME_AFTER_SIGN_IN } from './auth.machine.ts';

const account = {
  login: 'courtier',
  firstName: 'Claire',
  lastName: 'Martin',
  email: 'courtier@example.fr',
  imageUrl: null,
  activated: true,
  langKey: 'fr',
  authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
  marque: 'UCR',
  codeCourtier: 'C0001',
} as unknown as Account;

const unauthorized = new HttpError({
  status: 401,
  url: 'http://x/api/authenticate',
  body: '{"detail":"Bad credentials"}',
});
const unreachable = new ServerUnreachable({ url: 'http://x/api/authenticate', reason: 'ECONNREFUSED' });
const credentials = (rememberMe: boolean) => ({ username: 'courtier', password: 'courtier', rememberMe });

const events = [
  { type: 'modal.open' },
  { type: 'modal.close' },
  { type: 'access.denied', url: '/police' },
  { type: 'signIn.submit', credentials: credentials(true) },
  { type: 'signIn.submit', credentials: credentials(false) },
  { type: 'identity.reload' },
  { type: 'session.expired', url: '/police?page=2' },
  { type: 'signOut' },
  { type: 'xstate.done.actor.signIn', output: 'token-1' },
  { type: 'xstate.error.actor.signIn', error: unauthorized },
  { type: 'xstate.error.actor.signIn', error: unreachable },
  { type: 'xstate.done.actor.loadAccount', output: account },
  { type: 'xstate.error.actor.loadAccount', error: unauthorized },
  { type: 'xstate.error.actor.loadAccount', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('signIn', 'loadAccount');
  const tokens = memoryTokenStore();
  const redirects: string[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: control.actors,
      actions: {
        saveToken: (_, params) => tokens.save(params.token, params.remember),
        clearToken: () => tokens.clear(),
        redirect: (_, params) => {
          redirects.push(params.url);
        },
      },
    }),
  );
  return { actor, control, tokens, redirects };
};

describe('auth machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: authMachine,
      events,
      createSut,
      assertEqual: (actual, expected, message) => expect(actual, message).toEqual(expected),
      check: (model, sut) => {
        const { tokens, redirects } = sut as ReturnType<typeof createSut>;
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        if (model.matches('signedIn')) {
          expect(snapshot.context.account?.login).toBe('courtier');
        }
        if (model.matches({ anonymous: 'loadingAccount' })) {
          // Remember-me picks the store: the token was saved with the submitted flag.
          expect(tokens.load()).toBe('token-1');
          expect(tokens.remembered).toBe(model.context.rememberMe);
        }
        if (model.matches({ anonymous: 'failed' })) {
          expect(model.context.error).not.toBeNull();
          expect(snapshot.hasTag('modalOpen')).toBe(true);
        }
        if (model.matches('anonymous') && model.context.account === null && redirects.at(-1) === '/') {
          expect(tokens.load()).toBeUndefined();
        }
      },
    });
    console.log(`auth machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBeGreaterThanOrEqual(8);
  });

  it('after a guarded-route refusal, signs in then goes to the stored URL', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'access.denied', url: '/commission' });
    expect(sut.actor.getSnapshot().hasTag('modalOpen')).toBe(true);
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.resolve('signIn', 'token-2');
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.redirects).toEqual(['/commission']);
    expect(sut.tokens.remembered).toBe(false);
  });

  it('without a stored URL, goes to the timeline; bad credentials show the banner', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'modal.open' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(true) });
    sut.control.reject('signIn', unauthorized);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().context.error).toEqual({ key: 'login.messages.error.authentication' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(true) });
    sut.control.resolve('signIn', 'token-3');
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.redirects).toEqual([HOME_AFTER_SIGN_IN]);
    expect(sut.tokens.remembered).toBe(true);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });

  it('a session that ends opens the modal with the notice, then returns to where the user was', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'modal.open' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.resolve('signIn', 'token-4');
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'session.expired', url: '/police?page=2' });
    const ended = sut.actor.getSnapshot();
    expect(ended.hasTag('modalOpen')).toBe(true);
    expect(ended.context).toMatchObject({ account: null, sessionEnded: true, targetUrl: '/police?page=2' });
    expect(sut.tokens.load()).toBeUndefined();
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.resolve('signIn', 'token-5');
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.redirects).toEqual([HOME_AFTER_SIGN_IN, '/police?page=2']);
    expect(sut.actor.getSnapshot().context.sessionEnded).toBe(false);
  });

  it('a refused stored token at start says the session ended; closing the modal forgets it', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'identity.reload' });
    sut.control.reject('loadAccount', unauthorized);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().hasTag('modalOpen')).toBe(true);
    expect(sut.actor.getSnapshot().context.sessionEnded).toBe(true);
    sut.actor.send({ type: 'modal.close' });
    expect(sut.actor.getSnapshot().context.sessionEnded).toBe(false);
  });
});
