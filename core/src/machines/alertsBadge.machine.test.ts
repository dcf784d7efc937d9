import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { ALERTS_REFRESH_MS, alertsBadgeMachine } from './alertsBadge.machine.ts';

const settings = (unread: number) => ({
  types: ['IMP', 'MED'],
  digest: true,
  chosen: true,
  unread,
  upTo: 40 + unread,
});
const unreachable = new ServerUnreachable({ url: 'http://x/api/account/alerts', reason: 'down' });

const events = [
  { type: 'changed' },
  { type: 'markRead' },
  { type: 'xstate.done.actor.loadSettings', output: settings(3) },
  { type: 'xstate.done.actor.loadSettings', output: settings(0) },
  { type: 'xstate.error.actor.loadSettings', error: unreachable },
  { type: 'xstate.done.actor.markRead', output: { unread: 0, upTo: 43 } },
  { type: 'xstate.error.actor.markRead', error: unreachable },
  { type: `xstate.after.${ALERTS_REFRESH_MS}.alertsBadge.idle` },
];

const createSut = () => {
  const control = controlledActors('loadSettings', 'markRead');
  // A simulated clock: two minutes pass when the path says so, without waiting for them.
  const clock = new SimulatedClock();
  return {
    actor: createActor(alertsBadgeMachine.provide({ actors: control.actors }), { clock }),
    control,
    clock,
  };
};

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('alerts badge machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: alertsBadgeMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof alertsBadgeMachine.resolveState>;
        return JSON.stringify({ value, unread: context.settings?.unread, upTo: context.settings?.upTo });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const { context } = sut.actor.getSnapshot();
        expect(context).toEqual(model.context);
        const last = sut.control.calls.at(-1);
        // Reading shows 0 at once and reads up to what the shown count covered.
        if (model.matches('markingRead')) {
          expect(context.settings?.unread).toBe(0);
          expect(last).toEqual({ id: 'markRead', input: 43 });
        }
        if (model.matches('loading')) expect(last?.id).toBe('loadSettings');
      },
    });
    console.log(
      `alerts badge machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(3);
  });

  it('counts again every two minutes and on a change, and after a reading whatever its answer', async () => {
    const sut = createSut();
    const loads = () => sut.control.calls.filter((call) => call.id === 'loadSettings').length;
    sut.actor.start();
    sut.control.resolve('loadSettings', settings(3));
    await flush();
    sut.clock.increment(ALERTS_REFRESH_MS - 1);
    expect(loads()).toBe(1);
    sut.clock.increment(1);
    expect(loads()).toBe(2);
    // A change during a count: counted again, the first answer never shown.
    sut.actor.send({ type: 'changed' });
    expect(loads()).toBe(3);
    sut.control.resolve('loadSettings', settings(2));
    await flush();
    expect(sut.actor.getSnapshot().context.settings?.unread).toBe(2);
    sut.actor.send({ type: 'markRead' });
    expect(sut.actor.getSnapshot().context.settings?.unread).toBe(0);
    sut.control.reject('markRead', unreachable);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('loading');
    sut.control.resolve('loadSettings', settings(2));
    await flush();
    // The reading failed: the server's count comes back.
    expect(sut.actor.getSnapshot().context.settings?.unread).toBe(2);
    // A failed count keeps the last one.
    sut.actor.send({ type: 'changed' });
    sut.control.reject('loadSettings', unreachable);
    await flush();
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'idle', context: { settings: { unread: 2 } } });
  });
});
