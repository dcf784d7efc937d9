import { fromPromise } from 'xstate';
import type { ApiEffect, ApiRuntime } from '../api/runtime.ts';

/**
 * An API effect as an XState actor. The actor's abort signal interrupts the effect, so leaving a
 * state cancels its request. Actors that chain effects or save a file (the list and statement
 * runtimes) call `runtime.run(effect, signal)` inside their own `fromPromise` the same way.
 *
 * @example
 * machine.provide({ actors: { loadAccount: effectActor(runtime, () => getAccount()) } })
 */
export const effectActor = <A, E, I>(runtime: ApiRuntime, make: (input: I) => ApiEffect<A, E>) =>
  fromPromise<A, I>(({ input, signal }) => runtime.run(make(input), signal));
