import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { userTwoFactorMachine } from './userTwoFactor.machine.ts';

const on = { enabled: true, required: true, enrolledAt: '2026-11-24T00:00:00Z', recoveryCodesLeft: 9 };
const off = { enabled: false, required: true, enrolledAt: null, recoveryCodesLeft: 0 };
const unreachable = new ServerUnreachable({ url: 'http://x/api/users/u/two-factor', reason: 'down' });

const events = [
  { type: 'retry' },
  { type: 'reset' },
  { type: 'xstate.done.actor.loadStatus', output: on },
  { type: 'xstate.done.actor.loadStatus', output: off },
  { type: 'xstate.error.actor.loadStatus', error: unreachable },
  { type: 'xstate.done.actor.resetEnrolment', output: undefined },
  { type: 'xstate.error.actor.resetEnrolment', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('loadStatus', 'resetEnrolment');
  return { actor: createActor(userTwoFactorMachine.provide({ actors: control.actors })), control };
};

describe('user two-factor machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: userTwoFactorMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof userTwoFactorMachine.resolveState>;
        return JSON.stringify({
          value,
          enabled: context.status?.enabled,
          error: context.error?.key,
          reset: context.reset,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        expect(sut.actor.getSnapshot().context).toEqual(model.context);
        if (model.matches('failure')) expect(model.context.error).not.toBeNull();
      },
    });
    console.log(`user two-factor machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(4);
  });

  it('reads the state again after a reset; a failed reset keeps the state with the message', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadStatus', on);
    await flush();
    sut.actor.send({ type: 'reset' });
    sut.control.reject('resetEnrolment', unreachable);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      status: on,
      error: { key: 'error.server.not.reachable' },
    });
    sut.actor.send({ type: 'reset' });
    sut.control.resolve('resetEnrolment', undefined);
    await flush();
    sut.control.resolve('loadStatus', off);
    await flush();
    expect(sut.actor.getSnapshot().context).toEqual({ status: off, error: null, reset: true });
  });
});
