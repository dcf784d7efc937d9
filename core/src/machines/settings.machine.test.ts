import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkEmail, checkName } from '../rules/accountRules.ts';
import { replayFormModel } from '../testing/formModelTest.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { activateMachine } from './activate.machine.ts';
import { settingsMachine } from './settings.machine.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));
const account = { firstName: 'Claire', lastName: 'Martin', email: 'claire@example.fr', langKey: 'fr' };

describe('settings machine', () => {
  it('replays its model paths starting from the account', async () => {
    const result = await replayFormModel({
      machine: settingsMachine,
      input: { values: account },
      changes: [
        ['firstName', ''],
        ['lastName', 'x'.repeat(51)],
        ['email', 'bad'],
        ['langKey', 'en'],
      ],
      isSendable: (v) =>
        checkName('firstname')(v.firstName ?? '') === null &&
        checkName('lastname')(v.lastName ?? '') === null &&
        checkEmail(v.email ?? '') === null,
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
    });
    console.log(
      `settings machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('runs the submitted action with the saved values (identity reload, language switch)', async () => {
    const control = controlledActors('submit');
    const saved: unknown[] = [];
    const actor = createActor(
      settingsMachine.provide({
        actors: control.actors,
        actions: { submitted: (_, params) => void saved.push(params.values) },
      }),
      { input: { values: account } },
    ).start();
    actor.send({ type: 'field.change', field: 'langKey', value: 'en' });
    actor.send({ type: 'submit' });
    control.resolve('submit', undefined);
    await flush();
    expect(saved).toEqual([{ ...account, langKey: 'en' }]);
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    // The form stays on screen: typing in it again starts a new edit that can be saved.
    actor.send({ type: 'field.change', field: 'firstName', value: 'Claude' });
    expect(actor.getSnapshot().hasTag('done')).toBe(false);
    expect(actor.getSnapshot().context.values.firstName).toBe('Claude');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('activate machine', () => {
  const createSut = (key: string | null) => () => {
    const control = controlledActors('activate');
    return {
      actor: createActor(activateMachine.provide({ actors: control.actors }), { input: { key } }),
      control,
    };
  };

  // Another key in the address, then none.
  const keyChanges = [
    { type: 'key.change', key: 'k2' },
    { type: 'key.change', key: null },
  ];

  it('replays its model paths with a key, every failure ending in failure', async () => {
    const result = await replayModelPaths({
      machine: activateMachine,
      input: { key: 'k1' },
      events: [
        { type: 'xstate.done.actor.activate' },
        ...[sampleErrors.unreachable, sampleErrors.notFound, sampleErrors.malformed].map((error) => ({
          type: 'xstate.error.actor.activate',
          error,
        })),
        ...keyChanges,
      ],
      createSut: createSut('k1'),
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
      check: (model, sut) => {
        expect(sut.control.calls[0]?.input).toBe('k1');
        // Whatever came before, the request in flight (or the last one) is for the key now held.
        if (model.hasTag('busy')) expect(sut.control.calls.at(-1)?.input).toBe(model.context.key);
      },
    });
    console.log(
      `activate machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(3);
  });

  it('sends a new request when the key changes after an activation', async () => {
    const sut = createSut('k1')();
    sut.actor.start();
    sut.control.resolve('activate', undefined);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('success');
    sut.actor.send({ type: 'key.change', key: 'k2' });
    expect(sut.actor.getSnapshot().value).toBe('activating');
    expect(sut.control.calls.map((call) => call.input)).toEqual(['k1', 'k2']);
    sut.actor.send({ type: 'key.change', key: null });
    expect(sut.actor.getSnapshot().value).toBe('failure');
  });

  it('fails at once without a key, sending nothing', () => {
    const sut = createSut(null)();
    sut.actor.start();
    expect(sut.actor.getSnapshot().value).toBe('failure');
    expect(sut.control.calls).toHaveLength(0);
  });
});
