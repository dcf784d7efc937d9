import type { EventObject } from 'xstate';

/** The part of a model snapshot a browser walk asserts on. */
export interface ModelState {
  readonly value: unknown;
  readonly context: unknown;
  hasTag(tag: string): boolean;
  matches(value: never): boolean;
}

export interface ModelPath {
  readonly steps: ReadonlyArray<{ readonly event: EventObject; readonly state: unknown }>;
}

/** One thing the user does, with the state the model promises once the page has settled. */
export interface UserStep<E extends EventObject = EventObject> {
  readonly event: E;
  readonly state: ModelState;
  /** The state before the user acted (e.g. to know the stored target URL). */
  readonly before: ModelState;
  /** The invoked actors' events that followed by themselves in the browser. */
  readonly actorEvents: readonly EventObject[];
}

export interface UserWalkOptions {
  /** Events the browser raises by itself: invoked actors' done/error, delays. */
  readonly isActorEvent?: (event: EventObject) => boolean;
  /**
   * The user event that makes the browser's actors produce these outcomes (e.g. a wrong
   * password when sign-in fails), or undefined when no user action can.
   */
  readonly adapt: (
    step: Omit<UserStep, 'event'> & { readonly event: EventObject },
  ) => EventObject | undefined;
  /** A state the page only passes through (a request in flight): a walk never stops there. */
  readonly transient: (state: ModelState) => boolean;
}

const byDefault = (event: EventObject) =>
  event.type.startsWith('xstate.done.actor.') ||
  event.type.startsWith('xstate.error.actor.') ||
  event.type.startsWith('xstate.after.');

/**
 * Turns model paths into what a user can replay in the browser: each user event with the
 * actor events that followed folded into it. Paths whose actor outcomes the browser would not
 * produce, or that stop in a transient state, are dropped; paths that then differ only in
 * actor events are deduplicated (the first kept).
 */
export const toUserWalks = <E extends EventObject>(
  paths: readonly ModelPath[],
  options: UserWalkOptions,
): Array<ReadonlyArray<UserStep<E>>> => {
  const isActorEvent = options.isActorEvent ?? byDefault;
  const walks = new Map<string, ReadonlyArray<UserStep<E>>>();
  for (const path of paths) {
    const [init, ...rest] = path.steps;
    if (init === undefined) continue;
    const walk: Array<{ event: E; state: ModelState; before: ModelState; actorEvents: EventObject[] }> = [];
    let current = init.state as ModelState;
    let valid = true;
    for (const step of rest) {
      const state = step.state as ModelState;
      if (isActorEvent(step.event)) {
        const last = walk.at(-1);
        if (last === undefined) {
          valid = false;
          break;
        }
        last.actorEvents.push(step.event);
        last.state = state;
      } else {
        walk.push({ event: step.event as E, state, before: current, actorEvents: [] });
      }
      current = state;
    }
    if (!valid || walk.length === 0) continue;
    if (walk.some((step) => options.transient(step.state))) continue;
    const adapted = walk.map((step) => ({ ...step, event: options.adapt(step) as E }));
    if (adapted.some((step) => step.event === undefined)) continue;
    const key = JSON.stringify(adapted.map((step) => step.event));
    if (!walks.has(key)) walks.set(key, adapted);
  }
  return [...walks.values()];
};

/** A readable name for a walk, for test titles and failures. */
export const describeWalk = (walk: ReadonlyArray<UserStep>, label: (event: EventObject) => string) =>
  walk.map((step) => `${label(step.event)} → ${JSON.stringify(step.state.value)}`).join(', ');
