import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { call } from '../contract/client.ts';
import { tokens } from '../contract/tokens.ts';
import type { NewPersonalToken } from '../domain/personalToken.ts';
import { personalTokensMachine } from '../machines/personalTokens.machine.ts';
import { effectActor } from './effectActor.ts';

/** The settings' personal access tokens card (docs/integrations.md). */
export const providePersonalTokens = (runtime: ApiRuntime) =>
  personalTokensMachine.provide({
    actors: {
      loadTokens: effectActor(runtime, () => shownByForm(call(tokens.list, {}))),
      createToken: effectActor(runtime, (token: NewPersonalToken) =>
        shownByForm(call(tokens.create, { body: token })),
      ),
      revokeToken: effectActor(runtime, (id: number) => shownByForm(call(tokens.revoke, { params: { id } }))),
    },
  });
