import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { IdBordereau, IdPolice } from '../domain/ids.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { statementDetailMachine, statementListUrl, tabIndex } from './statementDetail.machine.ts';

const statement = (fichierBordereau: string | null) => ({
  id: 1,
  idBordereau: 42,
  mois: '2024-03-01',
  typeBordereau: 'Définitif',
  montant: 100.3,
  soldePrecedent: 0,
  fichierBordereau,
});
const recap = [
  { commission: 'Reprise', montant: -10, ordre: 2 },
  { commission: 'Escompte', montant: 110.3, ordre: 1 },
];
const errors = [
  sampleErrors.unreachable,
  sampleErrors.unauthorized,
  sampleErrors.notFound,
  sampleErrors.malformed,
  sampleErrors.fieldErrors,
];

const createSut =
  (
    canSeeClient: boolean,
    navigated: string[] = [],
    opensLines = false,
    opensClient: IdPolice | null = null,
  ) =>
  () => {
    const control = controlledActors('loadStatement', 'downloadPdf');
    const actor = createActor(
      statementDetailMachine.provide({
        actors: control.actors,
        actions: { navigate: (_, params) => void navigated.push(params.url) },
      }),
      { input: { idBordereau: IdBordereau.make(42), first: 24, canSeeClient, opensLines, opensClient } },
    );
    return { actor, control };
  };

const events = (withPdf: boolean) => [
  {
    type: 'xstate.done.actor.loadStatement',
    output: { statement: statement(withPdf ? 'b.pdf' : null), recap },
  },
  ...errors.map((error) => ({ type: 'xstate.error.actor.loadStatement', error })),
  { type: 'retry' },
  { type: 'tab.select', index: 0 },
  { type: 'tab.select', index: 1 },
  { type: 'tab.select', index: 2 },
  { type: 'lines.show' },
  { type: 'client.open', idPolice: IdPolice.make(7) },
  { type: 'back' },
  { type: 'list.back' },
  { type: 'pdf.download' },
  { type: 'pdf.dismiss' },
  { type: 'xstate.done.actor.downloadPdf' },
  { type: 'xstate.error.actor.downloadPdf', error: sampleErrors.notFound },
];

describe('statementDetail machine', () => {
  for (const [canSeeClient, withPdf, minStates, opensLines, opensClient] of [
    [true, true, 10, false, null],
    [false, true, 7, false, null],
    [true, false, 5, false, null],
    [true, true, 10, true, null],
    [true, true, 10, true, IdPolice.make(9)],
    [false, true, 7, true, IdPolice.make(9)],
  ] as const) {
    it(`replays its model paths (client tab ${canSeeClient}, PDF ${withPdf}, lines first ${opensLines}, client ${opensClient})`, async () => {
      const input = { idBordereau: 42, first: 24, canSeeClient, opensLines, opensClient };
      const result = await replayModelPaths({
        machine: statementDetailMachine,
        input,
        events: events(withPdf),
        createSut: createSut(canSeeClient, [], opensLines, opensClient),
        assertEqual: (a, e, m) => expect(a, m).toEqual(e),
        check: (model, sut) => {
          const snapshot = sut.actor.getSnapshot();
          expect(snapshot.context).toEqual(model.context);
          if (model.matches({ ready: { tab: 'client' } })) expect(canSeeClient).toBe(true);
          if (model.matches({ ready: { pdf: 'downloading' } })) {
            expect(snapshot.hasTag('pdfBusy')).toBe(true);
            expect(withPdf).toBe(true);
          }
          if (model.matches({ ready: { pdf: 'failed' } }))
            expect(snapshot.context.pdfError).toEqual({ key: 'commission.messages.downloadError' });
          if (model.matches('ready'))
            expect(snapshot.context.recap.map((l: { ordre: number }) => l.ordre)).toEqual([1, 2]);
        },
      });
      console.log(
        `statementDetail machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
      );
      expect(result.states).toBeGreaterThanOrEqual(minStates);
    });
  }

  it('goes 0 → 1 → 2 and back, and "Retour liste" keeps the list position', async () => {
    const navigated: string[] = [];
    const sut = createSut(true, navigated)();
    sut.actor.start();
    sut.control.resolve('loadStatement', { statement: statement('b.pdf'), recap });
    await new Promise((r) => setTimeout(r, 0));
    const tab = () => tabIndex(sut.actor.getSnapshot());
    expect(tab()).toBe(0);
    sut.actor.send({ type: 'lines.show' });
    expect(tab()).toBe(1);
    sut.actor.send({ type: 'client.open', idPolice: IdPolice.make(7) });
    expect(tab()).toBe(2);
    sut.actor.send({ type: 'back' });
    expect(tab()).toBe(1);
    sut.actor.send({ type: 'back' });
    expect(tab()).toBe(0);
    sut.actor.send({ type: 'list.back' });
    expect(navigated).toEqual(['/commission?first=24']);
    expect(statementListUrl(null)).toBe('/commission');
  });

  it('opens on the lines when the address shows them, and comes back to the summary', async () => {
    const sut = createSut(true, [], true)();
    sut.actor.start();
    sut.control.resolve('loadStatement', { statement: statement(null), recap });
    await new Promise((r) => setTimeout(r, 0));
    expect(tabIndex(sut.actor.getSnapshot())).toBe(1);
    sut.actor.send({ type: 'back' });
    expect(tabIndex(sut.actor.getSnapshot())).toBe(0);
  });

  it("opens on a policy's client tab when the address names it, Retour going to the lines", async () => {
    const sut = createSut(true, [], true, IdPolice.make(9))();
    sut.actor.start();
    sut.control.resolve('loadStatement', { statement: statement(null), recap });
    await new Promise((r) => setTimeout(r, 0));
    expect(tabIndex(sut.actor.getSnapshot())).toBe(2);
    expect(sut.actor.getSnapshot().context.idPolice).toBe(9);
    sut.actor.send({ type: 'back' });
    expect(tabIndex(sut.actor.getSnapshot())).toBe(1);
  });

  it('disables the PDF button while downloading: a second click sends nothing', async () => {
    const sut = createSut(true)();
    sut.actor.start();
    sut.control.resolve('loadStatement', { statement: statement('b.pdf'), recap });
    await new Promise((r) => setTimeout(r, 0));
    sut.actor.send({ type: 'pdf.download' });
    sut.actor.send({ type: 'pdf.download' });
    expect(sut.control.calls.filter((c) => c.id === 'downloadPdf')).toHaveLength(1);
  });
});
