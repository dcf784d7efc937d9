/**
 * A dispute's lifecycle (docs/disputes.md), written once: the server applies each request as an
 * event on the stored state and refuses it when the machine does not take it; the web and the
 * CLI offer only the actions the machine would take. Pure: no actors, the date of a reopening
 * comes with its event, so the same state answers the same way everywhere.
 *
 *   open ──ask──▶ infoRequested ──message(broker)──▶ open
 *   open|infoRequested ──accept──▶ accepted ──settle──▶ settled
 *   open|infoRequested ──reject──▶ rejected
 *   accepted|rejected ──reopen (once, within 30 days of the decision)──▶ open
 */
import { assign, getNextSnapshot, setup } from 'xstate';
import { type DisputeStatus, reopeningDeadline, withinDeadline } from '../domain/dispute.ts';
import { type Holder, may } from '../permissions/table.ts';

/** Who answers for a side of the dispute: the broker (or its wholesaler) or the insurer's back office. */
export type DisputeParty = 'broker' | 'insurer';

export interface DisputeContext {
  /** Whether the one reopening was used. */
  readonly reopened: boolean;
  /** The day of the last decision (`yyyy-MM-dd`), null before any. */
  readonly decidedOn: string | null;
}

export type DisputeEvent =
  | { readonly type: 'message'; readonly by: DisputeParty }
  | { readonly type: 'ask' }
  | { readonly type: 'accept'; readonly today: string }
  | { readonly type: 'reject'; readonly today: string }
  | { readonly type: 'reopen'; readonly today: string }
  | { readonly type: 'settle' };

/** Who may send each event (the server checks it before the machine; `settle` is the import's). */
export const DISPUTE_EVENT_PARTY: Readonly<Record<DisputeEvent['type'], DisputeParty | 'system'>> = {
  message: 'broker',
  ask: 'insurer',
  accept: 'insurer',
  reject: 'insurer',
  reopen: 'broker',
  settle: 'system',
};

export const disputeMachine = setup({
  types: {} as {
    context: DisputeContext;
    events: DisputeEvent;
    input: Partial<DisputeContext> | undefined;
  },
  actions: {
    decide: assign({
      decidedOn: ({ event, context }) => ('today' in event ? event.today : context.decidedOn),
    }),
    markReopened: assign({ reopened: true }),
  },
  guards: {
    byBroker: ({ event }) => event.type === 'message' && event.by === 'broker',
    /** Once, and on or before the 30th day after the decision. */
    mayReopen: ({ context, event }) =>
      event.type === 'reopen' &&
      !context.reopened &&
      context.decidedOn !== null &&
      withinDeadline(reopeningDeadline(context.decidedOn), event.today),
  },
}).createMachine({
  id: 'dispute',
  context: ({ input }) => ({ reopened: input?.reopened ?? false, decidedOn: input?.decidedOn ?? null }),
  initial: 'open',
  states: {
    open: {
      on: {
        // Either party may add to the thread while the back office studies it.
        message: 'open',
        ask: 'infoRequested',
        accept: { target: 'accepted', actions: 'decide' },
        reject: { target: 'rejected', actions: 'decide' },
      },
    },
    infoRequested: {
      on: {
        message: [{ guard: 'byBroker', target: 'open' }, { target: 'infoRequested' }],
        accept: { target: 'accepted', actions: 'decide' },
        reject: { target: 'rejected', actions: 'decide' },
      },
    },
    accepted: {
      on: {
        settle: 'settled',
        reopen: { guard: 'mayReopen', target: 'open', actions: 'markReopened' },
      },
    },
    rejected: {
      on: {
        reopen: { guard: 'mayReopen', target: 'open', actions: 'markReopened' },
      },
    },
    settled: { type: 'final' },
  },
});

const STATE_OF: Readonly<Record<DisputeStatus, string>> = {
  OPEN: 'open',
  INFO_REQUESTED: 'infoRequested',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  SETTLED: 'settled',
};
const STATUS_OF = Object.fromEntries(Object.entries(STATE_OF).map(([k, v]) => [v, k])) as Readonly<
  Record<string, DisputeStatus>
>;

/** The status a machine state stands for. */
export const statusOfState = (value: unknown): DisputeStatus => STATUS_OF[String(value)]!;

/** The stored dispute as a machine snapshot. */
export const disputeSnapshot = (status: DisputeStatus, context: DisputeContext) =>
  disputeMachine.resolveState({ value: STATE_OF[status], context });

export interface DisputeFacts extends DisputeContext {
  readonly status: DisputeStatus;
}

/**
 * The dispute after `event`, or null when the machine refuses it (a reopening too late or a
 * second time, a decision on a decided dispute, a message on a closed one).
 */
export const nextDispute = (facts: DisputeFacts, event: DisputeEvent): DisputeFacts | null => {
  const before = disputeSnapshot(facts.status, { reopened: facts.reopened, decidedOn: facts.decidedOn });
  if (!before.can(event)) return null;
  const after = getNextSnapshot(disputeMachine, before, event);
  return {
    status: statusOfState(after.value),
    reopened: after.context.reopened,
    decidedOn: after.context.decidedOn,
  };
};

/** The side an account answers for: the back office, the broker, or none (it only reads). */
export const disputePartyOf = (holder: Holder): DisputeParty | null =>
  may(holder, 'disputes.answer') ? 'insurer' : may(holder, 'disputes.open') ? 'broker' : null;

/** What a party may do now, for the screens and the CLI to offer. */
export const disputeActions = (facts: DisputeFacts, party: DisputeParty, today: string) => {
  const can = (event: DisputeEvent) =>
    (DISPUTE_EVENT_PARTY[event.type] === party || event.type === 'message') &&
    nextDispute(facts, event) !== null;
  return {
    message: can({ type: 'message', by: party }),
    ask: can({ type: 'ask' }),
    accept: can({ type: 'accept', today }),
    reject: can({ type: 'reject', today }),
    reopen: can({ type: 'reopen', today }),
  };
};
