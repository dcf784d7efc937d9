import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HttpError, ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { alertSettingsMachine } from './alertSettings.machine.ts';

/** The role defaults as the server answers them before any choice, with two unread events. */
const defaults = {
  types: ['IMP', 'MED', 'CTX'],
  digest: true,
  chosen: false,
  unread: 2,
  upTo: 50,
} as const;
/** What the server answers to a save (the model's sample; the actor's input is checked apart). */
const stored = { types: ['AFN', 'IMP'], digest: false, chosen: true, unread: 1, upTo: 51 } as const;
const refused = new HttpError({
  status: 400,
  url: 'http://x/api/account/alerts',
  body: '{}',
  problem: {
    type: 'about:blank',
    status: 400,
    message: 'error.validation',
    fieldErrors: [{ objectName: 'alerts', field: 'types', message: 'InvalidValue' }],
  },
});
const unreachable = new ServerUnreachable({ url: 'http://x/api/account/alerts', reason: 'down' });

// Two type boxes and the switch stand for the ten boxes: every other box toggles the same way,
// and ten would give 2^10 choices to every state, beyond any replay.
const events = [
  { type: 'retry' },
  { type: 'type.toggle', code: 'AFN' },
  { type: 'type.toggle', code: 'IMP' },
  { type: 'digest.toggle' },
  { type: 'save' },
  { type: 'markRead' },
  { type: 'xstate.done.actor.loadSettings', output: defaults },
  { type: 'xstate.error.actor.loadSettings', error: unreachable },
  { type: 'xstate.done.actor.saveSettings', output: stored },
  { type: 'xstate.error.actor.saveSettings', error: refused },
  { type: 'xstate.done.actor.markRead', output: { unread: 0, upTo: 51 } },
  { type: 'xstate.error.actor.markRead', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('loadSettings', 'saveSettings', 'markRead');
  const changed: number[] = [];
  const machine = alertSettingsMachine.provide({
    actors: control.actors,
    actions: { changed: () => changed.push(changed.length) },
  });
  return { actor: createActor(machine), control, changed };
};

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('alert settings machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: alertSettingsMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof alertSettingsMachine.resolveState>;
        return JSON.stringify({
          value,
          types: context.types,
          digest: context.digest,
          error: context.error?.key,
          saved: context.saved,
          chosen: context.settings?.chosen,
          unread: context.settings?.unread,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const { context } = sut.actor.getSnapshot();
        expect(context).toEqual(model.context);
        // The boxes keep the display order whatever the order of the clicks.
        expect(context.types).toEqual(
          ['AFN', 'RSL', 'REV', 'IMP', 'MED', 'CTX'].filter((t) => context.types.includes(t)),
        );
        // What is saved is what the card shows; what is read is what the count covered.
        if (model.matches('saving'))
          expect(sut.control.calls.at(-1)).toEqual({
            id: 'saveSettings',
            input: { types: model.context.types, digest: model.context.digest },
          });
        if (model.matches('markingRead'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'markRead', input: model.context.settings?.upTo });
        if (model.matches('failure')) expect(context.error).not.toBeNull();
        if (model.matches('ready')) expect(context.settings).not.toBeNull();
      },
    });
    console.log(
      `alert settings machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(5);
  }, 60_000);

  it('keeps the edits and says why when a save is refused; a stored save or reading tells the badge', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.control.reject('loadSettings', unreachable);
    await flush();
    expect(sut.actor.getSnapshot().context.error?.key).toBe('error.server.not.reachable');
    sut.actor.send({ type: 'retry' });
    sut.control.resolve('loadSettings', defaults);
    await flush();
    sut.actor.send({ type: 'type.toggle', code: 'CTX' });
    sut.actor.send({ type: 'type.toggle', code: 'AFN' });
    sut.actor.send({ type: 'save' });
    expect(sut.control.calls.at(-1)?.input).toEqual({ types: ['AFN', 'IMP', 'MED'], digest: true });
    sut.control.reject('saveSettings', refused);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      types: ['AFN', 'IMP', 'MED'],
      error: { key: 'error.field', params: { fieldName: 'types' } },
      saved: false,
      settings: defaults,
    });
    expect(sut.changed).toEqual([]);
    sut.actor.send({ type: 'save' });
    sut.control.resolve('saveSettings', { ...defaults, types: ['AFN', 'IMP', 'MED'], chosen: true });
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ error: null, saved: true });
    expect(sut.changed).toHaveLength(1);
    sut.actor.send({ type: 'markRead' });
    expect(sut.control.calls.at(-1)).toEqual({ id: 'markRead', input: 50 });
    sut.control.resolve('markRead', { unread: 0, upTo: 50 });
    await flush();
    expect(sut.actor.getSnapshot().context.settings).toMatchObject({ unread: 0, chosen: true });
    expect(sut.changed).toHaveLength(2);
    // Nothing left to read: the button does nothing.
    sut.actor.send({ type: 'markRead' });
    expect(sut.actor.getSnapshot().value).toBe('ready');
  });
});
