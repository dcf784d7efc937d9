import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { entriesDownloadMachine } from './entriesDownload.machine.ts';

const year = { from: '2026-01', to: '2026-12', format: 'fec' as const };
const forbidden = statusError(403, 'http://x/api/commissions/entries');
const unreachable = new ServerUnreachable({ url: 'http://x/api/commissions/entries', reason: 'down' });

const events = [
  { type: 'download', request: year },
  { type: 'download', request: { ...year, from: '2026-12', to: '2026-01' } },
  { type: 'download', request: { ...year, to: '2026-13' } },
  { type: 'dismiss' },
  { type: 'xstate.done.actor.downloadEntries', output: undefined },
  { type: 'xstate.error.actor.downloadEntries', error: forbidden },
  { type: 'xstate.error.actor.downloadEntries', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('downloadEntries');
  return { actor: createActor(entriesDownloadMachine.provide({ actors: control.actors })), control };
};

describe('entries download machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: entriesDownloadMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof entriesDownloadMachine.resolveState>;
        return JSON.stringify({ value, error: context.error?.key, request: context.request !== null });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        expect(sut.actor.getSnapshot().context).toEqual(model.context);
        if (model.matches('downloading'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'downloadEntries', input: year });
      },
    });
    console.log(`entries download machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(2);
  });

  it('refuses a reversed or malformed period without a request; a refusal says why', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.actor.send({ type: 'download', request: { ...year, from: '2027-01' } });
    expect(sut.actor.getSnapshot().context.error).toEqual({ key: 'commission.entries.badPeriod' });
    expect(sut.control.calls).toHaveLength(0);
    sut.actor.send({ type: 'download', request: year });
    sut.control.reject('downloadEntries', forbidden);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context.error?.key).toBe('error.http.403');
  });
});
