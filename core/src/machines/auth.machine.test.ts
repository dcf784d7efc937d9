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
const problemError = (kind: string, params?: unknown) =>
  new HttpError({
    status: 401,
    url: 'http://x/api/authenticate',
    body: '{}',
    problem: { type: `http://www.jhipster.tech/problem/${kind}`, status: 401, message: `m.${kind}`, params },
  });
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Extranet:courtier?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  enrolmentToken: 'enrolment-token',
  expiresAt: '2026-01-01T00:10:00Z',
};
const codeRequired = problemError('second-factor-required');
const enrolmentRequired = problemError('second-factor-enrolment-required', { enrolment });
const wrongCode = problemError('invalid-second-factor');
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
  { type: 'code.submit', code: '123456' },
  { type: 'recoveryCodes.ack' },
  { type: 'xstate.done.actor.signIn', output: { token: 'token-1', recoveryCodes: [] } },
  { type: 'xstate.done.actor.signIn', output: { token: 'token-1', recoveryCodes: ['AAAAA-BBBBB'] } },
  { type: 'xstate.error.actor.signIn', error: unauthorized },
  { type: 'xstate.error.actor.signIn', error: codeRequired },
  { type: 'xstate.error.actor.signIn', error: enrolmentRequired },
  { type: 'xstate.error.actor.signIn', error: wrongCode },
  { type: 'xstate.error.actor.signIn', error: unreachable },
  { type: 'sso.finish', code: 'one-time', codeVerifier: 'v'.repeat(43), rememberMe: true },
  { type: 'sso.refused', reason: 'unknown-user' },
  { type: 'xstate.done.actor.ssoSignIn', output: { token: 'token-1', recoveryCodes: [] } },
  { type: 'xstate.error.actor.ssoSignIn', error: problemError('sso-refused') },
  { type: 'xstate.done.actor.loadAccount', output: account },
  { type: 'xstate.error.actor.loadAccount', error: unauthorized },
  { type: 'xstate.error.actor.loadAccount', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('signIn', 'loadAccount', 'ssoSignIn');
  const tokens = memoryTokenStore();
  const redirects: string[] = [];
  /** The token each sign-out ended the server session of. */
  const ended: Array<string | undefined> = [];
  const actor = createActor(
    authMachine.provide({
      actors: control.actors,
      actions: {
        saveToken: (_, params) => tokens.save(params.token, params.remember),
        endSession: () => {
          ended.push(tokens.load());
        },
        clearToken: () => tokens.clear(),
        redirect: (_, params) => {
          redirects.push(params.url);
        },
      },
    }),
  );
  return { actor, control, tokens, redirects, ended };
};

describe('auth machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: authMachine,
      events,
      // What decides transitions and what the modal shows; not the token or the account's fields.
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof authMachine.resolveState>;
        return JSON.stringify({
          value,
          challenge: context.challenge?.kind,
          error: context.error?.key,
          signedIn: context.account !== null,
          recoveryCodes: context.recoveryCodes.length,
          credentials: context.credentials?.rememberMe,
          rememberMe: context.rememberMe,
          sessionEnded: context.sessionEnded,
          targetUrl: context.targetUrl,
        });
      },
      createSut,
      assertEqual: (actual, expected, message) => expect(actual, message).toEqual(expected),
      check: (model, sut) => {
        const { tokens, redirects } = sut as ReturnType<typeof createSut>;
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        if (model.matches('signedIn')) {
          expect(snapshot.context.account?.login).toBe('courtier');
        }
        if (model.matches({ anonymous: 'secondFactor' })) {
          // The code is asked with the password kept; an enrolment shows its QR code.
          expect(snapshot.context.credentials?.username).toBe('courtier');
          expect(snapshot.hasTag('secondFactor')).toBe(true);
          if (model.context.challenge?.kind === 'enrol') {
            expect(snapshot.context.challenge).toEqual({ kind: 'enrol', enrolment });
          }
        }
        if (model.matches({ anonymous: 'recoveryCodes' })) {
          expect(snapshot.context.recoveryCodes).toEqual(['AAAAA-BBBBB']);
          expect(snapshot.context.credentials).toBeNull();
          expect(tokens.load()).toBe('token-1');
        }
        if (model.matches('signedIn') || model.matches({ anonymous: 'closed' })) {
          // The password is never kept past the sign-in.
          expect(snapshot.context.credentials).toBeNull();
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
    expect(result.states).toBeGreaterThanOrEqual(10);
  });

  it('sends the code with the password, and the enrolment token with the first code', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'modal.open' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.reject('signIn', enrolmentRequired);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().hasTag('secondFactor')).toBe(true);
    sut.actor.send({ type: 'code.submit', code: '000000' });
    sut.control.reject('signIn', wrongCode);
    await new Promise((r) => setTimeout(r, 0));
    // Still enrolling, with the server's message.
    expect(sut.actor.getSnapshot().context).toMatchObject({
      challenge: { kind: 'enrol' },
      error: { key: 'm.invalid-second-factor' },
    });
    sut.actor.send({ type: 'code.submit', code: '123456' });
    sut.control.resolve('signIn', { token: 'token-2', recoveryCodes: ['AAAAA-BBBBB'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.control.calls.map((c) => c.input)).toEqual([
      credentials(false),
      { ...credentials(false), code: '000000', enrolmentToken: 'enrolment-token' },
      { ...credentials(false), code: '123456', enrolmentToken: 'enrolment-token' },
    ]);
    expect(sut.actor.getSnapshot().hasTag('recoveryCodes')).toBe(true);
    sut.actor.send({ type: 'recoveryCodes.ack' });
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().context).toMatchObject({
      credentials: null,
      challenge: null,
      recoveryCodes: [],
    });
    expect(sut.redirects).toEqual([HOME_AFTER_SIGN_IN]);
  });

  it('single sign-on: the one-time code and verifier go to the server, the token is kept, home next', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'sso.finish', code: 'one-time', codeVerifier: 'v'.repeat(43), rememberMe: true });
    expect(sut.control.calls.at(-1)?.input).toEqual({ code: 'one-time', codeVerifier: 'v'.repeat(43) });
    sut.control.resolve('ssoSignIn', { token: 'token-sso', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.tokens.load()).toBe('token-sso');
    expect(sut.tokens.remembered).toBe(true);
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(sut.redirects).toEqual([HOME_AFTER_SIGN_IN]);
  });

  it('single sign-on refused: the dialog opens with the reason', () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'sso.refused', reason: 'unknown-user' });
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.hasTag('modalOpen')).toBe(true);
    expect(snapshot.context.error).toEqual({ key: 'login.sso.error.unknown-user' });
    expect(sut.tokens.load()).toBeUndefined();
  });

  it('an enrolled user: the code step sends only the code', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'modal.open' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(true) });
    sut.control.reject('signIn', codeRequired);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'code.submit', code: '654321' });
    expect(sut.control.calls.at(-1)?.input).toEqual({ ...credentials(true), code: '654321' });
    sut.control.resolve('signIn', { token: 'token-3', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.tokens.load()).toBe('token-3');
    expect(sut.tokens.remembered).toBe(true);
  });

  it('after a guarded-route refusal, signs in then goes to the stored URL', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'access.denied', url: '/commission' });
    expect(sut.actor.getSnapshot().hasTag('modalOpen')).toBe(true);
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.resolve('signIn', { token: 'token-2', recoveryCodes: [] });
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
    sut.control.resolve('signIn', { token: 'token-3', recoveryCodes: [] });
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
    sut.control.resolve('signIn', { token: 'token-4', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'session.expired', url: '/police?page=2' });
    const ended = sut.actor.getSnapshot();
    expect(ended.hasTag('modalOpen')).toBe(true);
    expect(ended.context).toMatchObject({ account: null, sessionEnded: true, targetUrl: '/police?page=2' });
    expect(sut.tokens.load()).toBeUndefined();
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(false) });
    sut.control.resolve('signIn', { token: 'token-5', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.redirects).toEqual([HOME_AFTER_SIGN_IN, '/police?page=2']);
    expect(sut.actor.getSnapshot().context.sessionEnded).toBe(false);
  });

  it('signing out ends the server session of the token before forgetting it; a session that ended does not', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'modal.open' });
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(true) });
    sut.control.resolve('signIn', { token: 'token-6', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'session.expired' });
    expect(sut.ended).toEqual([]);
    sut.actor.send({ type: 'signIn.submit', credentials: credentials(true) });
    sut.control.resolve('signIn', { token: 'token-7', recoveryCodes: [] });
    await new Promise((r) => setTimeout(r, 0));
    sut.control.resolve('loadAccount', account);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'signOut' });
    expect(sut.ended).toEqual(['token-7']);
    expect(sut.tokens.load()).toBeUndefined();
    expect(sut.actor.getSnapshot().value).toEqual({ anonymous: 'closed' });
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
