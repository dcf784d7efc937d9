import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { statementChangesMachine } from './statementChanges.machine.ts';

const head = (idBordereau: number, mois: string, montant: number) => ({
  idBordereau,
  mois,
  codeCourtierPortail: 'C0001',
  typeBordereau: 'Définitif',
  montant,
  soldePrecedent: 0,
});
const changes = (from: number) => ({
  current: head(42, '2026-10-01', 120),
  previous: head(from, '2026-09-01', 100),
  difference: 20,
  unexplained: 0,
  byType: [],
  byCause: [],
});
const candidates = [{ idBordereau: 41 }, { idBordereau: 40 }];

const events = [
  { type: 'xstate.done.actor.loadChanges', output: { changes: changes(41), candidates } },
  { type: 'xstate.done.actor.loadChanges', output: { changes: changes(40), candidates: null } },
  { type: 'xstate.error.actor.loadChanges', error: sampleErrors.unreachable },
  { type: 'xstate.error.actor.loadChanges', error: sampleErrors.problem(400, 'problem-with-message') },
  { type: 'from.change', from: 40 },
  { type: 'from.change', from: null },
  { type: 'retry' },
];

const createSut = () => {
  const control = controlledActors('loadChanges');
  const actor = createActor(statementChangesMachine.provide({ actors: control.actors }), {
    input: { idBordereau: 42 },
  });
  return { actor, control };
};

describe('statementChanges machine', () => {
  it('replays its model paths', async () => {
    const result = await replayModelPaths({
      machine: statementChangesMachine,
      input: { idBordereau: 42 },
      events,
      createSut,
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        expect(snapshot.hasTag('loading')).toBe(model.matches('loading'));
        expect(snapshot.hasTag('error')).toBe(model.matches('failure'));
        // What the load asks for is what the context says: the candidates only until they came.
        const last = sut.control.calls.at(-1);
        if (model.matches('loading'))
          expect(last?.input).toEqual({
            idBordereau: 42,
            from: model.context.from,
            withCandidates: model.context.candidates === null,
          });
      },
    });
    console.log(
      `statementChanges machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBeGreaterThanOrEqual(3);
  });

  it('a newer comparison cancels the load in flight: only its answer is shown', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.actor.send({ type: 'from.change', from: 40 });
    expect(sut.control.calls.map((c) => c.input)).toEqual([
      { idBordereau: 42, from: null, withCandidates: true },
      { idBordereau: 42, from: 40, withCandidates: true },
    ]);
    sut.control.resolve('loadChanges', { changes: changes(40), candidates });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().context.changes?.previous?.idBordereau).toBe(40);
    expect(sut.actor.getSnapshot().context.from).toBe(40);
    // A later load does not ask for the candidates again, and keeps them.
    sut.actor.send({ type: 'from.change', from: null });
    expect(sut.control.calls.at(-1)?.input).toEqual({ idBordereau: 42, from: null, withCandidates: false });
    sut.control.resolve('loadChanges', { changes: changes(41), candidates: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().context.candidates).toEqual(candidates);
  });
});
