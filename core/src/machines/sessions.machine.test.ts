import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { sessionsMachine } from './sessions.machine.ts';

const session = (id: number, current = false) => ({
  id,
  device: 'Firefox on Windows',
  address: '10.0.0.1',
  startedAt: '2026-11-24T08:00:00Z',
  lastUsedAt: '2026-11-24T09:00:00Z',
  current,
});
const two = [session(1, true), session(2)];
const one = [session(1, true)];
const notFound = statusError(404, 'http://x/api/account/sessions/2');
const unreachable = new ServerUnreachable({ url: 'http://x/api/account/sessions', reason: 'down' });

const events = [
  { type: 'retry' },
  { type: 'refresh' },
  { type: 'end', id: 2 },
  { type: 'endOthers' },
  { type: 'xstate.done.actor.loadSessions', output: two },
  { type: 'xstate.done.actor.loadSessions', output: one },
  { type: 'xstate.error.actor.loadSessions', error: unreachable },
  { type: 'xstate.done.actor.endSession', output: undefined },
  { type: 'xstate.error.actor.endSession', error: notFound },
  { type: 'xstate.error.actor.endSession', error: unreachable },
  { type: 'xstate.done.actor.endOthers', output: undefined },
  { type: 'xstate.error.actor.endOthers', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('loadSessions', 'endSession', 'endOthers');
  return { actor: createActor(sessionsMachine.provide({ actors: control.actors })), control };
};

describe('sessions machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: sessionsMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof sessionsMachine.resolveState>;
        return JSON.stringify({
          value,
          sessions: context.sessions.length,
          error: context.error?.key,
          done: context.done,
          ending: context.ending,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        // The session being ended is named while its request runs, and only then.
        if (model.matches('ending')) expect(sut.control.calls.at(-1)).toEqual({ id: 'endSession', input: 2 });
        if (model.matches('idle')) expect(snapshot.context.ending).toBeNull();
        if (model.matches('failure')) expect(snapshot.context.error).not.toBeNull();
      },
    });
    console.log(`sessions machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBeGreaterThanOrEqual(5);
  });

  it('reloads after an ending; a session already gone reloads with the message, a failure keeps the list', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadSessions', two);
    await flush();
    sut.actor.send({ type: 'end', id: 2 });
    sut.control.reject('endSession', notFound);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('loading');
    sut.control.resolve('loadSessions', one);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      sessions: one,
      error: { key: 'error.url.not.found' },
      ending: null,
    });
    sut.actor.send({ type: 'endOthers' });
    sut.control.reject('endOthers', unreachable);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      sessions: one,
      error: { key: 'error.server.not.reachable' },
    });
    sut.actor.send({ type: 'endOthers' });
    sut.control.resolve('endOthers', undefined);
    await flush();
    sut.control.resolve('loadSessions', one);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ done: 'othersEnded', error: null });
  });
});
