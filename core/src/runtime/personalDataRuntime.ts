import { fromPromise } from 'xstate';
import { shownByForm } from '../api/loadFailure.ts';
import { personalDataApi } from '../api/personalDataApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { type AnonymiseRequest, anonymiseMachine } from '../machines/anonymise.machine.ts';
import { nirRevealMachine } from '../machines/nirReveal.machine.ts';

// The card says why a request failed: no answer is broadcast in the alert area as well.

/** The insured person's NIR reveal, through the API. */
export const provideNirReveal = (runtime: ApiRuntime) =>
  nirRevealMachine.provide({
    actors: {
      revealNir: fromPromise(({ input, signal }: { input: number; signal: AbortSignal }) =>
        runtime.run(shownByForm(personalDataApi.revealNir(input)), signal),
      ),
    },
  });

/** An administrator's anonymisation on request, through the API. */
export const provideAnonymise = (runtime: ApiRuntime) =>
  anonymiseMachine.provide({
    actors: {
      anonymise: fromPromise(({ input, signal }: { input: AnonymiseRequest; signal: AbortSignal }) =>
        runtime.run(shownByForm(personalDataApi.anonymise(input.idAssure, input.force)), signal),
      ),
    },
  });
