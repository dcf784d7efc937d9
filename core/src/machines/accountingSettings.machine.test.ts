import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { accountingSettingsMachine } from './accountingSettings.machine.ts';

const defaults = {
  journalCode: 'COM',
  incomeAccount: '706000',
  receivableAccount: '411000',
  clawbackAccount: '709000',
};
const chosen = { ...defaults, incomeAccount: '706100' };
const unreachable = new ServerUnreachable({ url: 'http://x/api/account/accounting', reason: 'down' });

const events = [
  { type: 'retry' },
  { type: 'change', field: 'incomeAccount', value: ' 706100 ' },
  { type: 'change', field: 'journalCode', value: 'co-m' },
  { type: 'save' },
  { type: 'xstate.done.actor.loadAccounting', output: defaults },
  { type: 'xstate.error.actor.loadAccounting', error: unreachable },
  { type: 'xstate.done.actor.saveAccounting', output: chosen },
  { type: 'xstate.error.actor.saveAccounting', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('loadAccounting', 'saveAccounting');
  return { actor: createActor(accountingSettingsMachine.provide({ actors: control.actors })), control };
};

describe('accounting settings machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: accountingSettingsMachine,
      events,
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        // What is sent is what the form shows, trimmed and in capitals; a refused form sends nothing.
        if (model.matches('saving'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'saveAccounting', input: model.context.values });
        if (model.context.invalid !== null) expect(model.matches('editing')).toBe(true);
      },
    });
    console.log(
      `accounting settings machine: ${result.paths} paths replayed, ${result.states} states reached`,
    );
    expect(result.states).toBe(4);
  });

  it('writes numbers in capitals, refuses a bad one without a request, and shows the saved answer', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadAccounting', defaults);
    await flush();
    sut.actor.send({ type: 'change', field: 'journalCode', value: 'co-m' });
    sut.actor.send({ type: 'save' });
    expect(sut.actor.getSnapshot().context.invalid).toEqual({
      field: 'journalCode',
      message: { key: 'settings.accounting.badJournal' },
    });
    expect(sut.control.calls.filter((c) => c.id === 'saveAccounting')).toHaveLength(0);
    sut.actor.send({ type: 'change', field: 'journalCode', value: 'com' });
    sut.actor.send({ type: 'change', field: 'incomeAccount', value: ' 706100 ' });
    sut.actor.send({ type: 'save' });
    expect(sut.control.calls.at(-1)).toEqual({ id: 'saveAccounting', input: chosen });
    sut.control.resolve('saveAccounting', chosen);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ values: chosen, saved: true, error: null });
  });
});
