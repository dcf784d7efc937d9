import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkChosenPassword, checkEmail, checkLogin } from '../rules/accountRules.ts';
import { replayFormModel } from '../testing/formModelTest.ts';
import { controlledActors } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { visibleError } from './formFlow.ts';
import { registerMachine } from './register.machine.ts';

const good = 'Valid-Passw0rd!';
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('register machine', () => {
  it('replays its model paths: nothing sent while invalid or mismatched', async () => {
    const result = await replayFormModel({
      machine: registerMachine,
      input: { values: { langKey: 'en' } },
      changes: [
        ['login', 'joe'],
        ['login', 'jo e!'],
        ['email', 'joe@example.fr'],
        ['password', good],
        ['confirmPassword', good],
        ['confirmPassword', 'Other-Passw0rd!'],
      ],
      errors: [
        sampleErrors.problem(400, 'login-already-used'),
        sampleErrors.problem(400, 'email-already-used'),
      ],
      isSendable: (v) =>
        checkLogin(v.login ?? '') === null &&
        checkEmail(v.email ?? '') === null &&
        checkChosenPassword('newpassword')(v.password ?? '') === null &&
        v.password === v.confirmPassword &&
        v.langKey === 'en',
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
    });
    console.log(
      `register machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBeGreaterThanOrEqual(4);
  });

  const filled = () => {
    const control = controlledActors('submit');
    const actor = createActor(registerMachine.provide({ actors: control.actors }), { input: {} }).start();
    for (const [field, value] of [
      ['login', 'joe'],
      ['email', 'joe@example.fr'],
      ['password', good],
      ['confirmPassword', good],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    return { actor, control };
  };

  it('maps login-used, email-used and other failures to the docs/product.md §8 messages', async () => {
    for (const [error, key] of [
      [sampleErrors.problem(400, 'login-already-used'), 'register.messages.error.userexists'],
      [sampleErrors.problem(400, 'email-already-used'), 'register.messages.error.emailexists'],
      [sampleErrors.unreachable, 'register.messages.error.fail'],
      [sampleErrors.fieldErrors, 'register.messages.error.fail'],
    ] as const) {
      const { actor, control } = filled();
      actor.send({ type: 'submit' });
      control.reject('submit', error);
      await flush();
      expect(actor.getSnapshot().value).toBe('failure');
      expect(actor.getSnapshot().context.error).toEqual({ key });
    }
  });

  it('ignores a double submit and shows the mismatch without sending', async () => {
    const { actor, control } = filled();
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    expect(control.calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    control.resolve('submit', undefined);
    await flush();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);

    const other = filled();
    other.actor.send({ type: 'field.change', field: 'confirmPassword', value: 'Other-Passw0rd!' });
    other.actor.send({ type: 'submit' });
    expect(other.control.calls).toHaveLength(0);
    expect(other.actor.getSnapshot().context.mismatch).toBe(true);
  });

  it('shows errors only once a field is dirty, all of them after a refused submit', () => {
    const control = controlledActors('submit');
    const actor = createActor(registerMachine.provide({ actors: control.actors }), { input: {} }).start();
    expect(visibleError(actor.getSnapshot().context, 'login')).toBeNull();
    actor.send({ type: 'field.change', field: 'login', value: 'a'.repeat(51) });
    expect(visibleError(actor.getSnapshot().context, 'login')).toEqual({
      key: 'global.messages.validate.login.maxlength',
    });
    actor.send({ type: 'submit' });
    expect(visibleError(actor.getSnapshot().context, 'email')).toEqual({
      key: 'global.messages.validate.email.required',
    });
    expect(control.calls).toHaveLength(0);
  });
});
