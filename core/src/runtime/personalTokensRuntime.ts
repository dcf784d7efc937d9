import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { tokensApi } from '../api/tokensApi.ts';
import type { NewPersonalToken } from '../domain/personalToken.ts';
import { personalTokensMachine } from '../machines/personalTokens.machine.ts';
import { effectActor } from './effectActor.ts';

/** The settings' personal access tokens card (docs/integrations.md). */
export const providePersonalTokens = (runtime: ApiRuntime) =>
  personalTokensMachine.provide({
    actors: {
      loadTokens: effectActor(runtime, () => shownByForm(tokensApi.list())),
      createToken: effectActor(runtime, (token: NewPersonalToken) => shownByForm(tokensApi.create(token))),
      revokeToken: effectActor(runtime, (id: number) => shownByForm(tokensApi.revoke(id))),
    },
  });
