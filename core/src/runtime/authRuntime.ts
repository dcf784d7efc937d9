import { authenticate, getAccount } from '../api/accountApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { sessionApi } from '../api/sessionApi.ts';
import { ssoApi } from '../api/ssoApi.ts';
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
        ssoApi.exchange(body),
      ),
      loadAccount: effectActor(runtime, () => getAccount()),
    },
    actions: {
      saveToken: (_, params) => runtime.config.tokens.save(params.token, params.remember),
      endSession: () => {
        // Sent with the token named, as the store forgets it next; the answer changes nothing
        // here (an unreachable server leaves the session to expire, and says so in the banner).
        const token = runtime.config.tokens.load();
        if (token !== undefined) runtime.run(sessionApi.endCurrent(token)).catch(() => undefined);
      },
      clearToken: () => runtime.config.tokens.clear(),
      redirect: (_, params) => redirect(params.url),
    },
  });
