import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { eventsFor, isTerminated, lifecycleStateOf } from './eventsFor.ts';
import { type PolicyLifecycleEvent, policyLifecycleMachine } from './policyLifecycle.machine.ts';
import type { InsuredFacts, PolicyFacts, PolicyWithInsured } from './policyLifecycle.types.ts';

const sampleEvents: PolicyLifecycleEvent[] = [
  { type: 'contract.validate', gamme: 'Santé Plus', formule: 'Confort', dateEffet: '2020-02-01' },
  { type: 'contract.terminate', dateResil: '2024-12-31', motifResil: 'Résiliation à échéance' },
  { type: 'contract.terminationRefused' },
  { type: 'contract.reinstate' },
  { type: 'payment.reject', montant: '45.10' },
  { type: 'payment.formalNotice', montant: '45.10', date: '2024-03-10' },
  { type: 'payment.litigation' },
  { type: 'payment.settle' },
  { type: 'insured.add', idAssure: 'new', nomprenom: 'MARTIN Léa' },
  { type: 'insured.remove', idAssure: 'last', nomprenom: 'MARTIN Léa' },
  { type: 'renewal.letter', cotisationTtc: '52.00' },
];

/**
 * The system under test is the data path the import uses: a back-office record changed by each
 * happening (only where the back office would allow it), then `eventsFor(before, after)`.
 */
class BackOffice {
  record: PolicyWithInsured | undefined;
  private serial = 0;

  apply(event: PolicyLifecycleEvent): void {
    const r = this.record;
    const p = r?.policy;
    const live = p !== undefined && !isTerminated(p);
    const set = (policy: Partial<PolicyFacts>, insured?: InsuredFacts[]) => {
      if (r) this.record = { policy: { ...r.policy, ...policy }, insured: insured ?? r.insured };
    };
    const inForce = r?.insured.filter((i) => !i.dateResil) ?? [];
    switch (event.type) {
      case 'contract.validate':
        if (!r)
          this.record = {
            policy: {
              gamme: 'Santé Plus',
              formule: 'Confort',
              dateEffet: '2020-02-01',
              motifResil: 'Actif',
              statutPaiement: 'A jour',
              cotisationTtc: '50.00',
            },
            insured: [{ idAssure: 'holder', nomprenom: 'MARTIN Paul' }],
          };
        return;
      case 'contract.terminate':
        if (live) set({ motifResil: 'Résiliation à échéance', dateResil: '2024-12-31' });
        return;
      case 'contract.reinstate':
        if (p && !live) set({ motifResil: 'Actif', dateResil: null });
        return;
      case 'contract.terminationRefused':
        if (live) set({ dateEnregistrementResil: `2024-01-${String(++this.serial).padStart(2, '0')}` });
        return;
      case 'renewal.letter':
        if (live) set({ cotisationTtc: (Number(p.cotisationTtc) + 1).toFixed(2) });
        return;
      case 'payment.reject':
        if (live && p.statutPaiement === 'A jour') set({ statutPaiement: 'Impayé', montantImpaye: '45.10' });
        return;
      case 'payment.formalNotice':
        if (p?.statutPaiement === 'Impayé')
          set({ statutPaiement: 'Mis en demeure', dateMiseEnDemeure: '2024-03-10' });
        return;
      case 'payment.litigation':
        if (p?.statutPaiement === 'Mis en demeure') set({ statutPaiement: 'Recouvrement' });
        return;
      case 'payment.settle':
        if (p && p.statutPaiement !== 'A jour') set({ statutPaiement: 'A jour', montantImpaye: null });
        return;
      case 'insured.add':
        if (live)
          set({}, [...(r?.insured ?? []), { idAssure: `a${++this.serial}`, nomprenom: 'MARTIN Léa' }]);
        return;
      case 'insured.remove': {
        const last = inForce.at(-1);
        if (live && last && inForce.length > 1)
          set(
            {},
            r!.insured.map((i) => (i === last ? { ...i, dateResil: '2024-06-30' } : i)),
          );
        return;
      }
    }
  }
}

const serializeState = (snapshot: unknown) => {
  const s = snapshot as { value: unknown; context: { insured: number } };
  return JSON.stringify([s.value, s.context.insured]);
};

describe('policy lifecycle machine (model-based)', () => {
  const model = createTestModel(policyLifecycleMachine, {
    events: sampleEvents,
    // Bounds the insured count so the state space stays finite.
    filterEvents: (snapshot, event) => event.type !== 'insured.add' || snapshot.context.insured < 3,
    serializeState,
  });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every combination of contract, payment and insured count', () => {
    const states = new Set(paths.map((p) => serializeState(p.state)));
    // pending (1 payment state, 1 insured) + active/terminated × 4 payment states × 3 counts
    expect(states.size).toBe(1 + 2 * 4 * 3);
  });

  /** Replays events on the machine and on the back-office data path; both must agree at each step. */
  const replay = (events: readonly PolicyLifecycleEvent[], expectedStates: readonly unknown[]) => {
    const machine = createActor(policyLifecycleMachine);
    const emittedByMachine: string[] = [];
    machine.on('*', (e) => emittedByMachine.push(e.typeMessage));
    machine.start();
    const office = new BackOffice();
    events.forEach((event, n) => {
      emittedByMachine.length = 0;
      const before = office.record;
      machine.send(event);
      office.apply(event);
      const after = office.record;
      const fromData = after ? eventsFor(before, after).map((e) => e.typeMessage) : [];
      expect(fromData, `step ${n} ${event.type}`).toEqual(emittedByMachine);
      const model = (expectedStates[n] ?? machine.getSnapshot()) as {
        value: { contract: string };
        context: { insured: number };
      };
      if (after) {
        const stored = lifecycleStateOf(after);
        expect(stored.value).toEqual(model.value);
        expect(stored.context.insured).toBe(model.context.insured);
      } else expect(model.value.contract).toBe('pending');
    });
    machine.stop();
  };

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const steps = path.steps.filter((s) => (s.event.type as string) !== 'xstate.init');
    replay(
      steps.map((s) => s.event),
      steps.map((s) => s.state),
    );
  });

  it('agrees with the data path on every event from every state', () => {
    for (const path of paths) {
      const events = path.steps.filter((s) => (s.event.type as string) !== 'xstate.init').map((s) => s.event);
      for (const extra of sampleEvents) replay([...events, extra], []);
    }
  });
});

describe('eventsFor', () => {
  const policy: PolicyFacts = {
    gamme: 'Santé Plus',
    formule: 'Confort',
    dateEffet: '2020-02-01',
    motifResil: 'Actif',
    statutPaiement: 'A jour',
    cotisationTtc: '50.00',
  };
  const stored: PolicyWithInsured = { policy, insured: [{ idAssure: '1', nomprenom: 'MARTIN Paul' }] };

  it('emits AFN for a new contract, with its French message', () => {
    expect(eventsFor(undefined, stored)).toEqual([
      { typeMessage: 'AFN', message: 'Nouveau contrat validé : Santé Plus Confort, effet au 01/02/2020' },
    ]);
  });

  it('emits one RSL when a contract is terminated, and nothing when the same data comes again', () => {
    const terminated = { ...stored, policy: { ...policy, motifResil: 'Loi Hamon', dateResil: '2025-03-31' } };
    expect(eventsFor(stored, terminated)).toEqual([
      { typeMessage: 'RSL', message: 'Résiliation du contrat au 31/03/2025 (motif : Loi Hamon)' },
    ]);
    expect(eventsFor(terminated, terminated)).toEqual([]);
  });

  it('names the insured person added or removed', () => {
    const two = { ...stored, insured: [...stored.insured, { idAssure: '2', nomprenom: 'MARTIN Léa' }] };
    expect(eventsFor(stored, two)).toEqual([
      { typeMessage: 'AAY', message: "Ajout de l'assuré MARTIN Léa", idAssure: '2' },
    ]);
    expect(eventsFor(two, stored)).toEqual([
      { typeMessage: 'RAY', message: "Retrait de l'assuré MARTIN Léa", idAssure: '2' },
    ]);
  });

  it('adds no AAY when the insured persons of a stored policy arrive for the first time', () => {
    const bare = { ...stored, insured: [] };
    expect(eventsFor(bare, stored)).toEqual([]);
  });

  it('walks the payment chain and formats amounts in French', () => {
    const notice = {
      ...stored,
      policy: {
        ...policy,
        statutPaiement: 'Mis en demeure',
        montantImpaye: '1234.5',
        dateMiseEnDemeure: '2024-05-02',
      },
    };
    expect(eventsFor(stored, notice)).toEqual([
      { typeMessage: 'IMP', message: 'Rejet de prélèvement : impayé de 1\u202f234,50 €' },
      {
        typeMessage: 'MED',
        message: 'Mise en demeure envoyée le 02/05/2024 pour un impayé de 1\u202f234,50 €',
      },
    ]);
  });
});
