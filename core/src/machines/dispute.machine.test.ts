import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { reopeningDeadline } from '../domain/dispute.ts';
import {
  type DisputeEvent,
  type DisputeFacts,
  disputeActions,
  disputeMachine,
  nextDispute,
  statusOfState,
} from './dispute.machine.ts';

const decided = '2026-01-10';
const events: DisputeEvent[] = [
  { type: 'message', by: 'broker' },
  { type: 'message', by: 'insurer' },
  { type: 'ask' },
  { type: 'accept', today: decided },
  { type: 'reject', today: decided },
  // The 30th day after the decision is the last one that may reopen; the 31st may not.
  { type: 'reopen', today: reopeningDeadline(decided) },
  { type: 'reopen', today: '2026-02-10' },
  { type: 'settle' },
];

const serializeState = (snapshot: unknown) => {
  const s = snapshot as { value: unknown; context: DisputeFacts };
  return JSON.stringify([s.value, s.context.reopened]);
};

describe('dispute machine (model-based)', () => {
  const model = createTestModel(disputeMachine, { events, serializeState });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every status, before and after the one reopening', () => {
    const reached = new Set(paths.map((p) => serializeState(p.state)));
    // open, infoRequested, accepted, rejected, settled without reopening; the four that follow
    // a reopening (open, infoRequested, accepted, rejected, settled) with it.
    expect([...reached].sort()).toEqual(
      [
        '["accepted",false]',
        '["accepted",true]',
        '["infoRequested",false]',
        '["infoRequested",true]',
        '["open",false]',
        '["open",true]',
        '["rejected",false]',
        '["rejected",true]',
        '["settled",false]',
        '["settled",true]',
      ].sort(),
    );
  });

  it("replays every path on an actor and on the server's nextDispute: both agree at each step", async () => {
    for (const path of paths) {
      const actor = createActor(disputeMachine, { input: {} }).start();
      let stored: DisputeFacts = { status: 'OPEN', reopened: false, decidedOn: null };
      await model.testPath(path, {
        events: Object.fromEntries(
          events.map((e) => [
            e.type,
            ({ event }: { event: DisputeEvent }) => {
              actor.send(event);
              stored = nextDispute(stored, event) ?? stored;
            },
          ]),
        ),
        states: {
          '*': (state) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value, path.description).toEqual(state.value);
            expect(stored.status).toBe(statusOfState(state.value));
            expect(stored.reopened).toBe(state.context.reopened);
          },
        },
      });
      actor.stop();
    }
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses a late, a second and an early reopening, and a decision on a decided dispute', () => {
    const rejected: DisputeFacts = { status: 'REJECTED', reopened: false, decidedOn: decided };
    expect(nextDispute(rejected, { type: 'reopen', today: '2026-02-10' })).toBeNull();
    expect(nextDispute({ ...rejected, reopened: true }, { type: 'reopen', today: decided })).toBeNull();
    expect(nextDispute(rejected, { type: 'reopen', today: '2026-02-09' })).toEqual({
      status: 'OPEN',
      reopened: true,
      decidedOn: decided,
    });
    expect(nextDispute(rejected, { type: 'accept', today: decided })).toBeNull();
    const settled: DisputeFacts = { status: 'SETTLED', reopened: false, decidedOn: decided };
    expect(nextDispute(settled, { type: 'message', by: 'broker' })).toBeNull();
    expect(nextDispute(settled, { type: 'reopen', today: decided })).toBeNull();
  });

  it('offers each party only its own actions the machine takes', () => {
    const open: DisputeFacts = { status: 'OPEN', reopened: false, decidedOn: null };
    expect(disputeActions(open, 'broker', decided)).toEqual({
      message: true,
      ask: false,
      accept: false,
      reject: false,
      reopen: false,
    });
    expect(disputeActions(open, 'insurer', decided)).toEqual({
      message: true,
      ask: true,
      accept: true,
      reject: true,
      reopen: false,
    });
    const rejected: DisputeFacts = { status: 'REJECTED', reopened: false, decidedOn: decided };
    expect(disputeActions(rejected, 'broker', '2026-01-20').reopen).toBe(true);
    expect(disputeActions(rejected, 'broker', '2026-03-01').reopen).toBe(false);
    expect(disputeActions(rejected, 'insurer', '2026-01-20')).toEqual({
      message: false,
      ask: false,
      accept: false,
      reject: false,
      reopen: false,
    });
  });
});
