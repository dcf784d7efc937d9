import { HttpClient, HttpClientResponse } from '@effect/platform';
import { Effect, Layer } from 'effect';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../events/appEvents.ts';
import { createAppEvents } from '../events/appEvents.ts';
import { authenticate, getAccount } from './accountApi.ts';
import { ApiConfig, memoryTokenStore } from './config.ts';
import type { ApiError } from './errors.ts';
import { loadFailure, shownByScreen } from './loadFailure.ts';
import { send } from './request.ts';

interface Seen {
  url: string;
  headers: Record<string, string>;
}

/** An HttpClient that answers from a function and records what it was sent: no socket opens. */
const fakeClient = (answer: (request: Request) => Response | 'unreachable', seen: Seen[]) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.suspend(() => {
        seen.push({ url: request.url, headers: { ...request.headers } });
        const web = new Request(request.url, { method: request.method });
        const response = answer(web);
        if (response === 'unreachable') return Effect.die(new Error('unexpected'));
        return Effect.succeed(HttpClientResponse.fromWeb(request, response));
      }),
    ),
  );

const run = <A>(
  effect: Effect.Effect<A, ApiError, ApiConfig | HttpClient.HttpClient>,
  answer: (r: Request) => Response,
  token?: string,
  xsrf?: string,
) => {
  const seen: Seen[] = [];
  const events: AppEvent[] = [];
  const appEvents = createAppEvents();
  appEvents.subscribe((event) => events.push(event));
  const config = Layer.succeed(ApiConfig, {
    baseUrl: 'https://extranet.example/',
    tokens: memoryTokenStore(token),
    events: appEvents,
    ...(xsrf === undefined ? {} : { xsrfToken: () => xsrf }),
  });
  return Effect.runPromise(
    Effect.either(Effect.provide(effect, Layer.merge(config, fakeClient(answer, seen)))),
  ).then((result) => ({ result, seen, events }));
};

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

const account = {
  login: 'courtier',
  activated: true,
  langKey: 'fr',
  authorities: ['ROLE_USER'],
  marque: 'UCR',
  codeCourtier: 'C0001',
};

describe('API requests', () => {
  it('sends the bearer token and the XSRF header to our own server', async () => {
    const { result, seen } = await run(getAccount(), () => json(account), 'tok', 'xsrf-1');
    expect(result._tag).toBe('Right');
    expect(seen[0]?.url).toBe('https://extranet.example/api/account');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok');
    expect(seen[0]?.headers['x-xsrf-token']).toBe('xsrf-1');
  });

  it('never sends the token to another host', async () => {
    const { seen } = await run(send({ path: 'https://cdn.example/avatar.png' }), () => json({}), 'tok');
    expect(seen[0]?.url).toBe('https://cdn.example/avatar.png');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('reads the token from the Authorization header of authenticate', async () => {
    const { result } = await run(
      authenticate({ username: 'courtier', password: 'courtier', rememberMe: false }),
      () => json({ id_token: 'body-token' }, { headers: { authorization: 'Bearer header-token' } }),
    );
    expect(result).toMatchObject({ _tag: 'Right', right: { token: 'header-token', recoveryCodes: [] } });
  });

  it('passes on the recovery codes of an enrolment made at sign-in', async () => {
    const { result } = await run(
      authenticate({
        username: 'compta',
        password: 'compta',
        rememberMe: false,
        code: '123456',
        enrolmentToken: 'e',
      }),
      () => json({ id_token: 'body-token', recovery_codes: ['AAAAA-BBBBB'] }),
    );
    expect(result).toMatchObject({
      _tag: 'Right',
      right: { token: 'body-token', recoveryCodes: ['AAAAA-BBBBB'] },
    });
  });

  it('turns a malformed body into a DecodeError', async () => {
    const { result } = await run(getAccount(), () => json({ login: 42 }));
    expect(result).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } });
  });

  it('ends the session on a 401 but the sign-in and identity calls, without broadcasting it', async () => {
    const problem = {
      title: 'Unauthorized',
      status: 401,
      detail: 'Full authentication is required',
      message: 'error.http.401',
    };
    const police = await run(send({ path: 'api/police' }), () => json(problem, { status: 401 }));
    expect(police.events).toEqual([{ type: 'session.expired' }]);
    const account = await run(getAccount(), () => json(problem, { status: 401 }));
    expect(account.events).toEqual([]);
    // Saving the settings with a revoked token is a session that ended, not a form error.
    const settings = await run(send({ method: 'POST', path: 'api/account', json: {} }), () =>
      json(problem, { status: 401 }),
    );
    expect(settings.events).toEqual([{ type: 'session.expired' }]);
    const signIn = await run(send({ method: 'POST', path: 'api/authenticate', json: {} }), () =>
      json(problem, { status: 401 }),
    );
    expect(signIn.events).toEqual([]);
    const empty = await run(send({ path: 'api/police' }), () => new Response('', { status: 401 }));
    expect(empty.events).toEqual([]);
  });

  it('leaves a 400/403/404 to the screen that loads with shownByScreen, and says which cannot be retried', async () => {
    const missing = await run(shownByScreen(send({ path: 'api/police/9' })), () =>
      json({ status: 404, message: 'error.http.404' }, { status: 404 }),
    );
    expect(missing.events).toEqual([]);
    const failure = missing.result._tag === 'Left' ? loadFailure(missing.result.left) : undefined;
    expect(failure).toEqual({ kind: 'notFound', message: { key: 'error.notFound' } });
    const down = await run(shownByScreen(send({ path: 'api/police/9' })), () =>
      json({ status: 503, message: 'error.http.503' }, { status: 503 }),
    );
    expect(down.events).toHaveLength(1);
    expect(down.result._tag === 'Left' && loadFailure(down.result.left).kind).toBe('unavailable');
  });

  it('broadcasts other errors with the message of docs/product.md §8', async () => {
    const notFound = await run(getAccount(), () =>
      json({ status: 404, message: 'error.http.404' }, { status: 404 }),
    );
    expect(notFound.events).toMatchObject([{ type: 'http.error', message: { key: 'error.url.not.found' } }]);
    const alert = await run(send({ method: 'POST', path: 'api/users' }), () =>
      json(
        {},
        {
          status: 400,
          headers: { 'X-extranetApp-error': 'error.userexists', 'X-extranetApp-params': 'userManagement' },
        },
      ),
    );
    expect(alert.events).toMatchObject([
      { message: { key: 'error.userexists', params: { entityName: 'userManagement' } } },
    ]);
    const fields = await run(send({ method: 'POST', path: 'api/register' }), () =>
      json(
        { status: 400, fieldErrors: [{ objectName: 'user', field: 'login', message: 'Pattern' }] },
        { status: 400 },
      ),
    );
    expect(fields.events).toMatchObject([
      { message: { key: 'error.field', params: { fieldName: 'login' } } },
    ]);
  });

  it('raises a success alert from the alert headers', async () => {
    const { events } = await run(
      send({ method: 'DELETE', path: 'api/users/joe' }),
      () =>
        new Response(null, {
          headers: { 'X-extranetApp-alert': 'userManagement.deleted', 'X-extranetApp-params': 'joe' },
        }),
    );
    expect(events).toEqual([
      { type: 'alert.success', message: { key: 'userManagement.deleted', params: { param: 'joe' } } },
    ]);
  });
});
