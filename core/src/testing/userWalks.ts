/**
 * Core machines' model paths as what a person can replay through a client: the browser (web/e2e)
 * and the terminal (cli/test) both walk them.
 */
import { type AnyStateMachine, type EventObject, getNextSnapshot, type Snapshot } from 'xstate';
import { createTestModel, getAdjacencyMap } from 'xstate/graph';
import { toModelMachine } from './modelPaths.ts';

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
  /**
   * Actor events before the first user event happen as the page loads (a list's first fetch):
   * folded into the starting state instead of dropping the path.
   */
  readonly pageLoad?: boolean;
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
          if (options.pageLoad !== true) {
            valid = false;
            break;
          }
          current = state;
          continue;
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

export interface ModelOptions {
  /** Sample events: what the user does and what the invoked actors answer. */
  readonly events: readonly EventObject[];
  readonly input?: unknown;
  /** What tells two states apart for the walk (what the screen shows, what decides the next step). */
  readonly serializeState: (snapshot: ModelState) => string;
  /** What the page allows and what the server answers, given the state. */
  readonly filterEvents?: (snapshot: ModelState, event: EventObject) => boolean;
  /**
   * A coarser view of a state (what the screen shows): of all shortest paths, only the shortest
   * one through each (view, event type, view) step is kept, and none that another kept path
   * walks through. Without it every shortest path is kept.
   */
  readonly cover?: (snapshot: ModelState) => string;
  /** Whether a step is told apart by the view it starts from too (default), or only by where it lands. */
  readonly coverFrom?: boolean;
  /**
   * A state the page only passes through (a request in flight): a kept path ending there is
   * completed with the sample actor events `filterEvents` allows (first that moves), as the
   * browser would, until the state settles.
   */
  readonly transient?: (snapshot: ModelState) => boolean;
}

/** The shortest path through each coarse step, minus those another kept path contains. */
const coverSteps = (
  paths: readonly ModelPath[],
  cover: (snapshot: ModelState) => string,
  fromView: boolean,
): ModelPath[] => {
  const best = new Map<string, ModelPath['steps']>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      if (index === 0) return;
      const from = fromView ? cover(path.steps[index - 1]?.state as ModelState) : '';
      const key = `${from}|${step.event.type}|${cover(step.state as ModelState)}`;
      const prefix = path.steps.slice(0, index + 1);
      if ((best.get(key)?.length ?? Number.POSITIVE_INFINITY) > prefix.length) best.set(key, prefix);
    });
  }
  const kept = [...best.values()].sort((a, b) => b.length - a.length);
  const walked: Array<ModelPath['steps']> = [];
  for (const steps of kept) {
    const inside = walked.some(
      (longer) =>
        longer.length >= steps.length &&
        steps.every((step, i) => longer[i] === step || sameStep(longer[i], step)),
    );
    if (!inside) walked.push(steps);
  }
  return walked.map((steps) => ({ steps }));
};

const sameStep = (a: ModelPath['steps'][number] | undefined, b: ModelPath['steps'][number]) =>
  a !== undefined && JSON.stringify(a.event) === JSON.stringify(b.event);

/**
 * The shortest paths of a core machine to every distinct state (as `serializeState` sees it):
 * `createTestModel` over the machine (invocations and delays as events, ADR 0001). Browser walks
 * replay these, not every simple path, to stay within the e2e time budget.
 */
export const shortestModelPaths = (machine: AnyStateMachine, options: ModelOptions): ModelPath[] => {
  // The traversal adds a bare event for every type the machine handles: keep to the samples.
  const sampled = new Set(options.events.map((event) => event.type));
  const allowed = (snapshot: ModelState, event: EventObject) =>
    sampled.has(event.type) && (options.filterEvents?.(snapshot, event) ?? true);
  const modelMachine = toModelMachine(machine);
  const traversal = {
    events: options.events as never,
    ...(options.input === undefined ? {} : { input: options.input as never }),
    serializeState: ((snapshot: Snapshot<unknown>) =>
      options.serializeState(snapshot as unknown as ModelState)) as never,
    filterEvents: ((snapshot: Snapshot<unknown>, event: EventObject) =>
      allowed(snapshot as unknown as ModelState, event)) as never,
  };
  const shortest = createTestModel(modelMachine, traversal).getShortestPaths() as unknown as ModelPath[];
  // Shortest paths never take a step back into a state already reached (a dismissed notice):
  // add each such step after the shortest path to its source, as core's replay does.
  const pathTo = new Map<string, ModelPath['steps']>();
  for (const path of shortest)
    path.steps.forEach((step, index) => {
      const key = options.serializeState(step.state as ModelState);
      if ((pathTo.get(key)?.length ?? Number.POSITIVE_INFINITY) > index + 1)
        pathTo.set(key, path.steps.slice(0, index + 1));
    });
  const back: ModelPath[] = [];
  for (const [from, { transitions }] of Object.entries(getAdjacencyMap(modelMachine, traversal))) {
    const prefix = pathTo.get(from);
    if (prefix === undefined) continue;
    for (const { event, state } of Object.values(transitions) as Array<{
      event: EventObject;
      state: unknown;
    }>)
      if (options.serializeState(state as ModelState) !== from)
        back.push({ steps: [...prefix, { event, state }] });
  }
  const paths = [...shortest, ...back];
  const kept =
    options.cover === undefined ? paths : coverSteps(paths, options.cover, options.coverFrom ?? true);
  const { transient } = options;
  if (transient === undefined) return kept;
  return kept.map((path) => {
    const steps = [...path.steps];
    for (let guard = 0; guard < 10; guard++) {
      const last = steps.at(-1)?.state as (ModelState & Snapshot<unknown>) | undefined;
      if (last === undefined || !transient(last)) break;
      const next = options.events
        .filter((event) => event.type.startsWith('xstate.') && allowed(last, event))
        .map((event) => ({ event, state: getNextSnapshot(modelMachine, last as never, event as never) }))
        .find(({ state }) => JSON.stringify(state.value) !== JSON.stringify(last.value));
      if (next === undefined) break;
      steps.push(next);
    }
    return { steps };
  });
};

/** The distinct state values a set of walks reaches (checked against the machine's states). */
export const reachedValues = (walks: ReadonlyArray<ReadonlyArray<UserStep>>, start?: ModelState) =>
  [
    ...new Set([
      ...(start === undefined ? [] : [JSON.stringify(start.value)]),
      ...walks.flatMap((walk) => walk.map((step) => JSON.stringify(step.state.value))),
    ]),
  ].sort();

/** A walk's user event: the invoked actors' outcomes follow by themselves (`adapt` for clients that cause none). */
export const userEventOnly = ({ event }: { readonly event: EventObject }): EventObject | undefined =>
  event.type.startsWith('xstate.') ? undefined : event;

/** A user event in a walk's title: its type and its first value. */
export const eventLabel = (event: EventObject): string => {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  return Object.keys(rest).length === 0 ? type : `${type} ${JSON.stringify(Object.values(rest)[0])}`;
};

/**
 * The events a form's walk may take (`filterEvents` for a formFlow machine): typing a field's
 * current value again changes nothing; nothing happens while sending; the server answers a
 * submit as `fails` says of the values sent.
 */
export const formEventFilter =
  (fails: (values: Readonly<Record<string, string>>) => boolean) =>
  (state: ModelState, event: EventObject): boolean => {
    const { values } = state.context as { values: Readonly<Record<string, string>> };
    const busy = state.hasTag('busy');
    const { field, value } = event as EventObject & { field?: string; value?: string };
    if (field !== undefined && values[field] === value) return false;
    if (!event.type.startsWith('xstate.')) return !busy;
    if (!busy) return false;
    return fails(values) === (event.type === 'xstate.error.actor.submit');
  };
