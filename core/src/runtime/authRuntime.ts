import { Effect } from 'effect';
import { authenticate, getAccount } from '../api/accountApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { call } from '../contract/client.ts';
import { sessions } from '../contract/sessions.ts';
import { sso } from '../contract/sso.ts';
import type { SignInRequest } from '../domain/twoFactor.ts';
import { authMachine } from '../machines/auth.machine.ts';
import { effectActor } from './effectActor.ts';

/**
 * The auth machine wired to the real API: the web and the CLI differ only in where they
 * redirect (a router, or nowhere).
 */
export const provideAuth = (runtime: ApiRuntime, redirect: (url: string) => void) =>
  authMachine.provide({
    actors: {
      signIn: effectActor(runtime, (request: SignInRequest) => authenticate(request)),
      ssoSignIn: effectActor(runtime, (body: { code: string; codeVerifier: string }) =>
        call(sso.token, { body }).pipe(
          Effect.map((answer) => ({ token: answer.id_token, recoveryCodes: [] as readonly string[] })),
        ),
      ),
      loadAccount: effectActor(runtime, () => getAccount()),
    },
    actions: {
      saveToken: (_, params) => runtime.config.tokens.save(params.token, params.remember),
      endSession: () => {
        // Sent with the token named, as the store forgets it next; the answer changes nothing
        // here (an unreachable server leaves the session to expire, and says so in the banner).
        const token = runtime.config.tokens.load();
        if (token !== undefined) runtime.run(call(sessions.endCurrent, {}, { token })).catch(() => undefined);
      },
      clearToken: () => runtime.config.tokens.clear(),
      redirect: (_, params) => redirect(params.url),
    },
  });
