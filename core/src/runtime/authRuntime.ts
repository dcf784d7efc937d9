import { authenticate, getAccount } from '../api/accountApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
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
      loadAccount: effectActor(runtime, () => getAccount()),
    },
    actions: {
      saveToken: (_, params) => runtime.config.tokens.save(params.token, params.remember),
      clearToken: () => runtime.config.tokens.clear(),
      redirect: (_, params) => redirect(params.url),
    },
  });
