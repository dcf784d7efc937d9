import { fromPromise } from 'xstate';
import type { ApiEffect, ApiRuntime } from '../api/runtime.ts';

/**
 * The one bridge from an API effect to an XState actor. The actor's abort signal interrupts the
 * effect, so leaving a state cancels its request.
 *
 * @example
 * machine.provide({ actors: { loadAccount: effectActor(runtime, () => getAccount()) } })
 */
export const effectActor = <A, E, I>(runtime: ApiRuntime, make: (input: I) => ApiEffect<A, E>) =>
  fromPromise<A, I>(({ input, signal }) => runtime.run(make(input), signal));
