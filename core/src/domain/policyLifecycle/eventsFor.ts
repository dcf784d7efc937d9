import { type Actor, createActor } from 'xstate';
import { type PolicyLifecycleEvent, policyLifecycleMachine } from './policyLifecycle.machine.ts';
import {
  ACTIVE_REASON,
  type InsuredFacts,
  type PaymentStatus,
  type PolicyFacts,
  type PolicyWithInsured,
  type TimelineEventDraft,
} from './policyLifecycle.types.ts';

const paymentStates = ['upToDate', 'unpaid', 'formalNotice', 'recovery'] as const;
type PaymentState = (typeof paymentStates)[number];
const paymentStateOf: Record<PaymentStatus, PaymentState> = {
  'A jour': 'upToDate',
  Impayé: 'unpaid',
  'Mis en demeure': 'formalNotice',
  Recouvrement: 'recovery',
};
/** The back-office payment status for a machine payment state. */
export const paymentStatusOf: Record<PaymentState, PaymentStatus> = {
  upToDate: 'A jour',
  unpaid: 'Impayé',
  formalNotice: 'Mis en demeure',
  recovery: 'Recouvrement',
};

/** A policy is terminated once a termination reason other than 'Actif' is recorded. */
export const isTerminated = (p: PolicyFacts): boolean =>
  p.motifResil ? p.motifResil !== ACTIVE_REASON : Boolean(p.dateResil);

const paymentOf = (p: PolicyFacts): PaymentState =>
  paymentStateOf[(p.statutPaiement ?? 'A jour') as PaymentStatus] ?? 'upToDate';

const inForce = (insured: readonly InsuredFacts[]) => insured.filter((i) => !i.dateResil);

/** The machine state a stored policy is in (used to resume the lifecycle before a change). */
export const lifecycleStateOf = (p: PolicyWithInsured) =>
  policyLifecycleMachine.resolveState({
    value: { contract: isTerminated(p.policy) ? 'terminated' : 'active', payment: paymentOf(p.policy) },
    context: { insured: Math.max(1, inForce(p.insured).length) },
  });

const money = (s: string | null | undefined) => (s == null || s === '' ? null : Number(s).toFixed(2));

/** The back-office happenings that turn `before` into `after`, in the order they are replayed. */
export const lifecycleInputsFor = (
  before: PolicyWithInsured | undefined,
  after: PolicyWithInsured,
): PolicyLifecycleEvent[] => {
  const a = after.policy;
  const inputs: PolicyLifecycleEvent[] = [];
  const wasTerminated = before ? isTerminated(before.policy) : false;
  const nowTerminated = isTerminated(a);
  if (!before) {
    // The insured persons of a new contract come with it: they count, but cause no AAY.
    const insured = Math.max(1, inForce(after.insured).length);
    inputs.push({
      type: 'contract.validate',
      gamme: a.gamme,
      formule: a.formule,
      dateEffet: a.dateEffet,
      insured,
    });
  }
  if (wasTerminated && !nowTerminated) inputs.push({ type: 'contract.reinstate' });

  const from = paymentStates.indexOf(before ? paymentOf(before.policy) : 'upToDate');
  const to = paymentStates.indexOf(paymentOf(a));
  if (to < from) inputs.push({ type: 'payment.settle' });
  for (let step = to < from ? 1 : from + 1; step <= to; step++) {
    const state = paymentStates[step];
    if (state === 'unpaid') inputs.push({ type: 'payment.reject', montant: a.montantImpaye });
    if (state === 'formalNotice')
      inputs.push({ type: 'payment.formalNotice', montant: a.montantImpaye, date: a.dateMiseEnDemeure });
    if (state === 'recovery') inputs.push({ type: 'payment.litigation' });
  }

  // A policy whose insured persons were never stored gets them with the contract: no AAY.
  if (before && before.insured.length > 0 && !nowTerminated) {
    const was = new Set(inForce(before.insured).map((i) => i.idAssure));
    const now = new Set(inForce(after.insured).map((i) => i.idAssure));
    for (const i of inForce(after.insured))
      if (!was.has(i.idAssure))
        inputs.push({ type: 'insured.add', idAssure: i.idAssure, nomprenom: i.nomprenom });
    for (const i of inForce(before.insured))
      if (!now.has(i.idAssure)) {
        const left = after.insured.find((x) => x.idAssure === i.idAssure) ?? i;
        inputs.push({ type: 'insured.remove', idAssure: i.idAssure, nomprenom: left.nomprenom });
      }
  }
  if (before && !nowTerminated) {
    const refused =
      !wasTerminated &&
      a.dateEnregistrementResil &&
      a.dateEnregistrementResil !== before.policy.dateEnregistrementResil;
    if (refused) inputs.push({ type: 'contract.terminationRefused' });
    if (!wasTerminated && money(a.cotisationTtc) !== money(before.policy.cotisationTtc))
      inputs.push({ type: 'renewal.letter', cotisationTtc: a.cotisationTtc });
  }

  if (nowTerminated && (!before || !wasTerminated))
    inputs.push({ type: 'contract.terminate', dateResil: a.dateResil, motifResil: a.motifResil });
  return inputs;
};

/** Steps a lifecycle one input at a time and returns what each input emitted. */
export interface LifecycleRunner {
  send(input: PolicyLifecycleEvent): TimelineEventDraft[];
  /** Current contract and payment states. */
  state(): { contract: 'pending' | 'active' | 'terminated'; payment: PaymentState };
  stop(): void;
}

/** Starts a lifecycle, fresh (pending contract) or resumed from a stored policy. */
export const startLifecycle = (from?: PolicyWithInsured): LifecycleRunner => {
  const actor: Actor<typeof policyLifecycleMachine> = from
    ? createActor(policyLifecycleMachine, { snapshot: lifecycleStateOf(from) })
    : createActor(policyLifecycleMachine);
  let emitted: TimelineEventDraft[] = [];
  actor.on('*', ({ typeMessage, message, idAssure }) => {
    emitted.push(idAssure ? { typeMessage, message, idAssure } : { typeMessage, message });
  });
  actor.start();
  return {
    send(input) {
      emitted = [];
      actor.send(input);
      return emitted;
    },
    state() {
      const value = actor.getSnapshot().value as {
        contract: 'pending' | 'active' | 'terminated';
        payment: PaymentState;
      };
      return { contract: value.contract, payment: value.payment };
    },
    stop: () => actor.stop(),
  };
};

/**
 * The timeline events an import causes: compares a policy (with its insured persons) before and
 * after, replays the difference through the lifecycle machine and returns what it emitted.
 * `before` is undefined for a new policy. Same input twice → no events.
 *
 * @example eventsFor(stored, imported) // [{ typeMessage: 'RSL', message: 'Résiliation du contrat au …' }]
 */
export const eventsFor = (
  before: PolicyWithInsured | undefined,
  after: PolicyWithInsured,
): TimelineEventDraft[] => {
  const runner = startLifecycle(before);
  const out = lifecycleInputsFor(before, after).flatMap((input) => runner.send(input));
  runner.stop();
  return out;
};
