import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { twoFactorPolicyMachine } from './twoFactorPolicy.machine.ts';

const policy = { required: ['ROLE_ADMIN'], roles: ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_USER'] };
const refused = statusError(400, 'http://x/api/admin/two-factor/roles');

const events = [
  { type: 'retry' },
  { type: 'toggle', role: 'ROLE_COMPTA' },
  { type: 'save' },
  { type: 'xstate.done.actor.loadPolicy', output: policy },
  { type: 'xstate.error.actor.loadPolicy', error: refused },
  { type: 'xstate.done.actor.saveRoles', output: ['ROLE_ADMIN', 'ROLE_COMPTA'] },
  { type: 'xstate.error.actor.saveRoles', error: refused },
];

const createSut = () => {
  const control = controlledActors('loadPolicy', 'saveRoles');
  return { actor: createActor(twoFactorPolicyMachine.provide({ actors: control.actors })), control };
};

describe('two-factor policy machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: twoFactorPolicyMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof twoFactorPolicyMachine.resolveState>;
        return JSON.stringify({
          value,
          selected: context.selected,
          error: context.error?.key,
          saved: context.saved,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        expect(sut.actor.getSnapshot().context).toEqual(model.context);
        // What is saved is what was chosen.
        if (model.matches('saving'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'saveRoles', input: model.context.selected });
      },
    });
    console.log(`two-factor policy machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(4);
  });

  it('toggles choices, saves them, and keeps what the server answers', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadPolicy', policy);
    await flush();
    sut.actor.send({ type: 'toggle', role: 'ROLE_USER' });
    sut.actor.send({ type: 'toggle', role: 'ROLE_ADMIN' });
    expect(sut.actor.getSnapshot().context.selected).toEqual(['ROLE_USER']);
    sut.actor.send({ type: 'save' });
    sut.control.reject('saveRoles', refused);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      selected: ['ROLE_USER'],
      saved: false,
      error: { key: 'error.http.400' },
    });
    sut.actor.send({ type: 'save' });
    sut.control.resolve('saveRoles', ['ROLE_USER']);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      selected: ['ROLE_USER'],
      choices: policy.roles,
      saved: true,
      error: null,
    });
  });
});
