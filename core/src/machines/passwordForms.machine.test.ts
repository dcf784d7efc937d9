import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkChosenPassword, checkEmail } from '../rules/accountRules.ts';
import { replayFormModel } from '../testing/formModelTest.ts';
import { controlledActors } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { changePasswordMachine } from './changePassword.machine.ts';
import { resetFinishMachine } from './resetFinish.machine.ts';
import { resetRequestMachine } from './resetRequest.machine.ts';

const good = 'Valid-Passw0rd!';
const assertEqual = (a: unknown, e: unknown, m: string) => expect(a, m).toEqual(e);
const flush = () => new Promise((r) => setTimeout(r, 0));
const passwordChanges = [
  ['newPassword', good],
  ['newPassword', 'short'],
  ['newPassword', 'alllowercase-but-long1'],
  ['confirmPassword', good],
  ['confirmPassword', 'Other-Passw0rd!'],
] as const;
const passwordsSendable = (v: Record<string, string>) =>
  checkChosenPassword('newpassword')(v.newPassword ?? '') === null && v.newPassword === v.confirmPassword;

describe('change password machine', () => {
  it('replays its model paths', async () => {
    const result = await replayFormModel({
      machine: changePasswordMachine,
      changes: passwordChanges,
      isSendable: passwordsSendable,
      assertEqual,
    });
    console.log(
      `changePassword machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('shows the change error on 401 mid-flow and lets the user retry', async () => {
    const control = controlledActors('submit');
    const actor = createActor(changePasswordMachine.provide({ actors: control.actors }), {
      input: {},
    }).start();
    actor.send({ type: 'field.change', field: 'newPassword', value: good });
    actor.send({ type: 'field.change', field: 'confirmPassword', value: good });
    actor.send({ type: 'submit' });
    control.reject('submit', sampleErrors.unauthorized);
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'password.messages.error' });
    actor.send({ type: 'submit' });
    expect(control.calls).toHaveLength(2);
  });
});

describe('reset request machine', () => {
  it('replays its model paths', async () => {
    const result = await replayFormModel({
      machine: resetRequestMachine,
      changes: [
        ['email', 'a@b.fr'],
        ['email', 'nope'],
      ],
      errors: [sampleErrors.problem(400, 'email-not-found')],
      isSendable: (v) => checkEmail(v.email ?? '') === null,
      assertEqual,
    });
    console.log(
      `resetRequest machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('tells an unknown e-mail from other failures', async () => {
    for (const [error, key] of [
      [sampleErrors.problem(400, 'email-not-found'), 'reset.request.messages.notfound'],
      [sampleErrors.malformed, 'reset.request.messages.error'],
      [sampleErrors.notFound, 'reset.request.messages.error'],
    ] as const) {
      const control = controlledActors('submit');
      const actor = createActor(resetRequestMachine.provide({ actors: control.actors }), {
        input: {},
      }).start();
      actor.send({ type: 'field.change', field: 'email', value: 'a@b.fr' });
      actor.send({ type: 'submit' });
      control.reject('submit', error);
      await flush();
      expect(actor.getSnapshot().context.error).toEqual({ key });
    }
  });
});

describe('reset finish machine', () => {
  it('replays its model paths with a key', async () => {
    const result = await replayFormModel({
      machine: resetFinishMachine,
      input: { key: '12345678901234567890' },
      changes: passwordChanges,
      isSendable: (v) => passwordsSendable(v) && v.key === '12345678901234567890',
      assertEqual,
    });
    console.log(
      `resetFinish machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('flags a missing key and never shows the form', async () => {
    const result = await replayFormModel({
      machine: resetFinishMachine,
      input: { key: null },
      changes: passwordChanges,
      isSendable: () => false,
      assertEqual,
    });
    expect(result.states).toBe(1);
    const actor = createActor(resetFinishMachine, { input: {} }).start();
    expect(actor.getSnapshot().hasTag('keyMissing')).toBe(true);
  });
});
