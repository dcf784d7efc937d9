import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HttpError } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { anonymiseMachine } from './anonymise.machine.ts';

const problem = (status: number, params?: unknown) =>
  new HttpError({
    status,
    url: 'http://x/api/police-assures/7/anonymise',
    body: '{}',
    problem: { type: 'about:blank', status, message: `error.http.${status}`, params },
  });
const retained = problem(409, { retainedUntil: '2031-12-31' });
const forbidden = problem(403);
const done = { idAssure: 7, anonymised: true, anonymisedAt: '2026-11-26T22:00:00Z', retainedUntil: null };

const events = [
  { type: 'anonymise' },
  { type: 'xstate.done.actor.anonymise', output: done },
  { type: 'xstate.error.actor.anonymise', error: retained },
  { type: 'xstate.error.actor.anonymise', error: forbidden },
];

const createSut = () => {
  const control = controlledActors('anonymise');
  return {
    actor: createActor(anonymiseMachine.provide({ actors: control.actors }), { input: { idAssure: 7 } }),
    control,
  };
};

describe('anonymise machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: anonymiseMachine,
      events,
      input: { idAssure: 7 },
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof anonymiseMachine.resolveState>;
        return JSON.stringify({ value, ...context, error: context.error?.key });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        expect(sut.actor.getSnapshot().context).toEqual(model.context);
        // Forced only after the server said retention runs.
        if (model.matches('anonymising'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'anonymise', input: { idAssure: 7, force: false } });
        if (model.matches('forcing'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'anonymise', input: { idAssure: 7, force: true } });
      },
    });
    console.log(`anonymise machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(5);
  });

  it('says until when retention runs, then forces on the next click', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.actor.send({ type: 'anonymise' });
    sut.control.reject('anonymise', retained);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('retained');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      retainedUntil: '2031-12-31',
      anonymisedAt: null,
    });
    sut.actor.send({ type: 'anonymise' });
    sut.control.resolve('anonymise', done);
    await flush();
    expect(sut.control.calls.map((call) => call.input)).toEqual([
      { idAssure: 7, force: false },
      { idAssure: 7, force: true },
    ]);
    expect(sut.actor.getSnapshot().context).toMatchObject({
      anonymisedAt: done.anonymisedAt,
      retainedUntil: null,
    });
  });
});
