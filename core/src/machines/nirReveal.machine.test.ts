import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { nirRevealMachine } from './nirReveal.machine.ts';

const forbidden = statusError(403, 'http://x/api/police-assures/7/nir');

const events = [
  { type: 'reveal' },
  { type: 'xstate.done.actor.revealNir', output: { idAssure: 7, numeroSecu: '185057512345612' } },
  { type: 'xstate.error.actor.revealNir', error: forbidden },
];

const createSut = () => {
  const control = controlledActors('revealNir');
  return {
    actor: createActor(nirRevealMachine.provide({ actors: control.actors }), { input: { idAssure: 7 } }),
    control,
  };
};

describe('NIR reveal machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: nirRevealMachine,
      events,
      input: { idAssure: 7 },
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof nirRevealMachine.resolveState>;
        return JSON.stringify({ value, nir: context.nir, error: context.error?.key });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        expect(sut.actor.getSnapshot().context).toEqual(model.context);
        // One recorded request per click, for this person.
        if (model.matches('revealing'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'revealNir', input: 7 });
      },
    });
    console.log(`NIR reveal machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(3);
  });

  it('keeps the number masked after a refusal and says why', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'reveal' });
    sut.control.reject('revealNir', forbidden);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().value).toBe('masked');
    expect(sut.actor.getSnapshot().context).toMatchObject({ nir: null, error: { key: 'error.http.403' } });
  });
});
