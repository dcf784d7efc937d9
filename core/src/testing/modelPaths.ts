import {
  type AnyActorRef,
  type AnyStateMachine,
  createMachine,
  type EventObject,
  fromPromise,
  type SimulatedClock,
  type Snapshot,
} from 'xstate';
import { createTestModel, getAdjacencyMap, serializeSnapshot } from 'xstate/graph';

/**
 * Promise actors whose outcome the test decides: `resolve('signIn', token)` settles the pending
 * call of the invoked actor with that id. Replaces the runtime's real actors in model tests.
 */
export const controlledActors = <const Ids extends string>(...ids: Ids[]) => {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: Array<{ id: Ids; input: unknown }> = [];
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ id, input });
            pending.set(id, { resolve, reject });
          }),
      ),
    ]),
  ) as Record<Ids, never>; // never: each stub stands in for whatever actor type the machine declares
  const settle = (id: string, how: 'resolve' | 'reject', value: unknown) => {
    const call = pending.get(id);
    if (call === undefined) throw new Error(`actor ${id} is not running`);
    pending.delete(id);
    call[how](value);
  };
  return {
    actors,
    calls,
    resolve: (id: string, output: unknown) => settle(id, 'resolve', output),
    reject: (id: string, error: unknown) => settle(id, 'reject', error),
  };
};

export interface SystemUnderTest {
  readonly actor: AnyActorRef;
  readonly control: ReturnType<typeof controlledActors>;
  /** The actor's clock when it was created with one: delays then pass without waiting (and without races). */
  readonly clock?: SimulatedClock;
}

export interface ModelPathOptions<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  /** Sample events the traversal may send, including `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. */
  readonly events: readonly EventObject[];
  /** Keeps what decides transitions; the default serializes value and context. */
  readonly serializeState?: (snapshot: Snapshot<unknown>) => string;
  readonly createSut: () => SystemUnderTest;
  /** The machine's input, for the model (give the same to the actor in `createSut`). */
  readonly input?: unknown;
  /** Checks what the model state promises on the real actor, after every step. */
  readonly check?: (model: ReturnType<TMachine['resolveState']>, sut: SystemUnderTest) => void;
  readonly paths?: 'shortest' | 'simple';
  readonly assertEqual: (actual: unknown, expected: unknown, message: string) => void;
}

type NodeConfig = {
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
};

const convertNode = (node: NodeConfig, stateId: string): NodeConfig => {
  const { invoke, after, on, states, ...rest } = node;
  const converted: NodeConfig = { ...rest, on: { ...(on ?? {}) } };
  const invocations = (Array.isArray(invoke) ? invoke : invoke === undefined ? [] : [invoke]) as Array<{
    id?: string;
    onDone?: unknown;
    onError?: unknown;
  }>;
  for (const invocation of invocations) {
    if (invocation.id === undefined) throw new Error(`give the invocation in ${stateId} an id`);
    if (invocation.onDone !== undefined)
      converted.on![`xstate.done.actor.${invocation.id}`] = invocation.onDone;
    if (invocation.onError !== undefined)
      converted.on![`xstate.error.actor.${invocation.id}`] = invocation.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    converted.on![`xstate.after.${delay}.${stateId}`] = transition;
  }
  if (states !== undefined) {
    converted.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, convertNode(child, `${stateId}.${key}`)]),
    );
  }
  return converted;
};

/**
 * The machine as `createTestModel` can traverse it: the test model refuses invocations and
 * delays, so each invocation's `onDone`/`onError` becomes a transition on the event XState
 * itself sends (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), and each `after` a
 * transition on `xstate.after.<delay>.<state id>`. Everything else is the machine as written.
 */
export const toModelMachine = (machine: AnyStateMachine): AnyStateMachine =>
  createMachine(
    convertNode(machine.config as NodeConfig, machine.id) as never,
    machine.implementations as never,
  ) as unknown as AnyStateMachine;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const flush = () => sleep(0);

type Step = { readonly event: EventObject; readonly state: unknown };

/** Replays steps on a fresh actor, asserting the state value and running `check` after each. */
const replaySteps = async <TMachine extends AnyStateMachine>(
  options: ModelPathOptions<TMachine>,
  steps: readonly Step[],
  description: string,
  reached: Set<string>,
) => {
  const sut = options.createSut();
  sut.actor.start();
  for (const step of steps) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    if (event.type.startsWith('xstate.done.actor.')) sut.control.resolve(event.type.slice(18), event.output);
    else if (event.type.startsWith('xstate.error.actor.'))
      sut.control.reject(event.type.slice(19), event.error);
    else if (event.type.startsWith('xstate.after.')) {
      const delay = Number(event.type.split('.')[2]);
      if (sut.clock === undefined) await sleep(delay + 5);
      else sut.clock.increment(delay);
    } else if (event.type !== 'xstate.init') sut.actor.send(event);
    await flush();
    const expected = (step.state as { value: unknown }).value;
    reached.add(JSON.stringify(expected));
    options.assertEqual(sut.actor.getSnapshot().value, expected, `${description} at ${event.type}`);
    options.check?.(step.state as never, sut);
  }
  sut.actor.stop();
};

/**
 * Generates paths from the machine with `createTestModel` and replays each on a fresh actor:
 * every step's resulting state value must equal the model's, then `check` runs. Then every
 * transition of the model that no path took (a state change the sample events cause) is
 * replayed too: the shortest path to its source, then its event. So all states and all
 * transitions are walked. Returns the number of paths replayed, of distinct state values
 * reached and of transitions covered.
 */
export const replayModelPaths = async <TMachine extends AnyStateMachine>(
  options: ModelPathOptions<TMachine>,
): Promise<{ paths: number; states: number; transitions: number }> => {
  const traversal = {
    events: options.events as never,
    ...(options.input === undefined ? {} : { input: options.input as never }),
    ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
  };
  const modelMachine = toModelMachine(options.machine);
  const model = createTestModel(modelMachine, traversal);
  const paths = options.paths === 'simple' ? model.getSimplePaths() : model.getShortestPaths();
  const reached = new Set<string>();
  const keyOf = (state: unknown) =>
    (options.serializeState ?? ((s) => serializeSnapshot(s as never)))(state as Snapshot<unknown>);
  const eventKey = (event: EventObject) => JSON.stringify(event);
  const pathTo = new Map<string, readonly Step[]>();
  const covered = new Set<string>();
  for (const path of paths) {
    await replaySteps(options, path.steps, path.description, reached);
    let from: string | undefined;
    path.steps.forEach((step, index) => {
      const to = keyOf(step.state);
      if (from !== undefined) covered.add(`${from}|${eventKey(step.event)}`);
      if (!pathTo.has(to) || pathTo.get(to)!.length > index + 1)
        pathTo.set(to, path.steps.slice(0, index + 1));
      from = to;
    });
  }
  let extra = 0;
  const adjacency = getAdjacencyMap(modelMachine, traversal);
  for (const [from, { transitions }] of Object.entries(adjacency)) {
    const prefix = pathTo.get(from);
    if (prefix === undefined) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: unknown; state: unknown }>) {
      const key = `${from}|${eventKey(event as EventObject)}`;
      if (covered.has(key) || keyOf(state) === from) continue;
      covered.add(key);
      extra++;
      await replaySteps(
        options,
        [...prefix, { event: event as EventObject, state }],
        `transition ${key}`,
        reached,
      );
    }
  }
  return { paths: paths.length + extra, states: reached.size, transitions: covered.size };
};
