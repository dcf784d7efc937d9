import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { savedListsMachine } from './savedLists.machine.ts';

const item = (id: number, name: string, isDefault: boolean) => ({
  id,
  name,
  list: 'police',
  query: `cp.startsWith=7${id}`,
  isDefault,
  createdDate: '2026-10-20T09:00:00Z',
  lastModifiedDate: '2026-10-20T09:00:00Z',
});
const items = [item(1, 'Paris', true), item(2, 'Lyon', false)];

const events = [
  { type: 'xstate.done.actor.loadSaved', output: items },
  { type: 'xstate.error.actor.loadSaved', error: sampleErrors.unreachable },
  { type: 'xstate.done.actor.write' },
  { type: 'xstate.error.actor.write', error: sampleErrors.fieldErrors },
  { type: 'save', name: 'Marseille', query: 'cp.startsWith=13', isDefault: true },
  { type: 'rename', id: 2, name: 'Lyon 69' },
  { type: 'default.toggle', id: 1 },
  { type: 'delete', id: 2 },
  { type: 'delete', id: 99 },
  { type: 'error.dismiss' },
  { type: 'retry' },
];

const createSut = () => {
  const control = controlledActors('loadSaved', 'write');
  const actor = createActor(savedListsMachine.provide({ actors: control.actors }), {
    input: { list: 'police' },
  });
  return { actor, control };
};

describe('savedLists machine', () => {
  it('replays its model paths', async () => {
    const result = await replayModelPaths({
      machine: savedListsMachine,
      input: { list: 'police' },
      events,
      // The count of writes grows without end: states differ by what decides transitions.
      serializeState: (snapshot) => {
        const { value, context } = snapshot as unknown as {
          value: unknown;
          context: { items: unknown; error: unknown };
        };
        return JSON.stringify([value, context.items !== null, context.error !== null]);
      },
      createSut,
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        // States are merged by what decides transitions, so the details of context are compared loosely.
        expect(snapshot.context.items !== null).toBe(model.context.items !== null);
        expect(snapshot.context.error !== null).toBe(model.context.error !== null);
        expect(snapshot.hasTag('busy')).toBe(model.matches('writing'));
        // What is written is what the event asked, on the list's own item.
        if (model.matches('writing'))
          expect(sut.control.calls.at(-1)?.input).toEqual(snapshot.context.pending);
      },
    });
    console.log(
      `savedLists machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBeGreaterThanOrEqual(4);
  });

  it('writes each change as the API takes it, then loads the list again', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.control.resolve('loadSaved', items);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'default.toggle', id: 2 });
    expect(sut.control.calls.at(-1)).toEqual({
      id: 'write',
      input: {
        kind: 'update',
        input: { id: 2, name: 'Lyon', list: 'police', query: 'cp.startsWith=72', isDefault: true },
      },
    });
    sut.control.resolve('write', undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.control.calls.at(-1)).toEqual({ id: 'loadSaved', input: 'police' });
    expect(sut.actor.getSnapshot().context.written).toBe(1);
    // An unknown id writes nothing.
    sut.control.resolve('loadSaved', items);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'delete', id: 99 });
    expect(sut.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('keeps the items and says why when a write is refused', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.control.resolve('loadSaved', items);
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'save', name: 'Paris', query: '', isDefault: false });
    sut.control.reject('write', sampleErrors.fieldErrors);
    await new Promise((r) => setTimeout(r, 0));
    const { context } = sut.actor.getSnapshot();
    expect(context.items).toEqual(items);
    expect(context.error).not.toBeNull();
    expect(context.written).toBe(0);
  });
});
