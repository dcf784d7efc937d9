import { and, assign, emit, setup, stateIn } from 'xstate';
import { lifecycleMessage } from './policyLifecycle.messages.ts';
import type { TimelineEventDraft } from './policyLifecycle.types.ts';

/**
 * What happens to a policy in the back office. Each input carries what its timeline message
 * needs; the machine decides whether it is a real change and emits the timeline event.
 */
export type PolicyLifecycleEvent =
  | {
      type: 'contract.validate';
      gamme?: string | null;
      formule?: string | null;
      dateEffet?: string | null;
      /** Insured persons the contract starts with (default 1). */
      insured?: number;
    }
  | { type: 'contract.terminate'; dateResil?: string | null; motifResil?: string | null }
  | { type: 'contract.terminationRefused' }
  | { type: 'contract.reinstate' }
  | { type: 'payment.reject'; montant?: string | null }
  | { type: 'payment.formalNotice'; montant?: string | null; date?: string | null }
  | { type: 'payment.litigation' }
  | { type: 'payment.settle' }
  | { type: 'insured.add'; idAssure: string; nomprenom?: string | null }
  | { type: 'insured.remove'; idAssure: string; nomprenom?: string | null }
  | { type: 'renewal.letter'; cotisationTtc?: string | null };

export interface PolicyLifecycleContext {
  /** Insured persons in force: the last one cannot be removed without terminating the contract. */
  insured: number;
}

/** Emitted events are typed by their timeline code (AFN, RSL, …). */
export type PolicyLifecycleEmitted = TimelineEventDraft & { type: TimelineEventDraft['typeMessage'] };

const draft = (
  typeMessage: TimelineEventDraft['typeMessage'],
  args: Record<string, string | null | undefined> = {},
  idAssure?: string,
): PolicyLifecycleEmitted => ({
  type: typeMessage,
  typeMessage,
  message: lifecycleMessage(typeMessage, args),
  ...(idAssure ? { idAssure } : {}),
});

/**
 * Policy lifecycle: a contract region (pending → active ⇄ terminated) and a payment region
 * (A jour → Impayé → Mis en demeure → Recouvrement, settled back to A jour). Pure: it only
 * emits timeline event drafts (docs/product.md §4 codes with French messages).
 */
export const policyLifecycleMachine = setup({
  types: {
    context: {} as PolicyLifecycleContext,
    events: {} as PolicyLifecycleEvent,
    emitted: {} as PolicyLifecycleEmitted,
  },
  guards: {
    contractActive: stateIn({ contract: 'active' }),
    // The last insured person leaves only with the contract (that is an RSL, not a RAY).
    removable: and([stateIn({ contract: 'active' }), ({ context }) => context.insured > 1]),
  },
}).createMachine({
  id: 'policyLifecycle',
  type: 'parallel',
  context: { insured: 1 },
  states: {
    contract: {
      initial: 'pending',
      states: {
        pending: {
          on: {
            'contract.validate': {
              target: 'active',
              actions: [
                assign({ insured: ({ event }) => Math.max(1, event.insured ?? 1) }),
                emit(({ event }) =>
                  draft('AFN', { gamme: event.gamme, formule: event.formule, dateEffet: event.dateEffet }),
                ),
              ],
            },
          },
        },
        active: {
          on: {
            'contract.terminate': {
              target: 'terminated',
              actions: emit(({ event }) => draft('RSL', { ...event })),
            },
            'contract.terminationRefused': { actions: emit(() => draft('RRS')) },
            'renewal.letter': { actions: emit(({ event }) => draft('CRR', { ...event })) },
          },
        },
        terminated: {
          on: { 'contract.reinstate': { target: 'active', actions: emit(() => draft('REV')) } },
        },
      },
    },
    payment: {
      initial: 'upToDate',
      states: {
        upToDate: {
          on: {
            'payment.reject': {
              guard: 'contractActive',
              target: 'unpaid',
              actions: emit(({ event }) => draft('IMP', { ...event })),
            },
          },
        },
        unpaid: {
          on: {
            'payment.formalNotice': {
              target: 'formalNotice',
              actions: emit(({ event }) => draft('MED', { ...event })),
            },
            'payment.settle': 'upToDate',
          },
        },
        formalNotice: {
          on: {
            'payment.litigation': { target: 'recovery', actions: emit(() => draft('CTX')) },
            'payment.settle': 'upToDate',
          },
        },
        recovery: { on: { 'payment.settle': 'upToDate' } },
      },
    },
  },
  on: {
    'insured.add': {
      guard: 'contractActive',
      actions: [
        assign({ insured: ({ context }) => context.insured + 1 }),
        emit(({ event }) => draft('AAY', { nomprenom: event.nomprenom }, event.idAssure)),
      ],
    },
    'insured.remove': {
      guard: 'removable',
      actions: [
        assign({ insured: ({ context }) => context.insured - 1 }),
        emit(({ event }) => draft('RAY', { nomprenom: event.nomprenom }, event.idAssure)),
      ],
    },
  },
});
