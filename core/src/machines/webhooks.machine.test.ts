import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { sampleDelivery, sampleHook, webhookClicks } from '../testing/webhookSamples.ts';
import { webhooksMachine } from './webhooks.machine.ts';

const hook = (id: number, enabled = true) => sampleHook(id, 'statement.created', enabled);
const one = [hook(1)];
const two = [hook(1), hook(2, false)];
const created = { ...hook(2), secret: `whsec_${'A'.repeat(43)}=` };
const delivery = {
  ...sampleDelivery('statement.created'),
  status: 'failed' as const,
  attempts: 8,
  lastStatus: 500,
  lastError: 'HTTP 500',
};
const request = { url: ' https://crm.example.com/hooks/2 ', events: ['statement.created' as const] };
const notFound = statusError(404, 'http://x/api/webhooks/1');
const unreachable = new ServerUnreachable({ url: 'http://x/api/webhooks', reason: 'down' });

const events = [
  ...webhookClicks(request),
  { type: 'xstate.done.actor.loadHooks', output: one },
  { type: 'xstate.done.actor.loadHooks', output: two },
  { type: 'xstate.error.actor.loadHooks', error: unreachable },
  { type: 'xstate.done.actor.createHook', output: created },
  { type: 'xstate.error.actor.createHook', error: unreachable },
  { type: 'xstate.done.actor.deleteHook', output: undefined },
  { type: 'xstate.error.actor.deleteHook', error: notFound },
  { type: 'xstate.error.actor.deleteHook', error: unreachable },
  { type: 'xstate.done.actor.switchHook', output: hook(1, false) },
  { type: 'xstate.error.actor.switchHook', error: notFound },
  { type: 'xstate.error.actor.switchHook', error: unreachable },
  { type: 'xstate.done.actor.loadLog', output: [delivery] },
  { type: 'xstate.error.actor.loadLog', error: notFound },
  { type: 'xstate.error.actor.loadLog', error: unreachable },
  { type: 'xstate.done.actor.redeliver', output: { ...delivery, id: 8, status: 'pending' } },
  { type: 'xstate.error.actor.redeliver', error: unreachable },
];

const ACTORS = ['loadHooks', 'createHook', 'deleteHook', 'switchHook', 'loadLog', 'redeliver'] as const;
const createSut = () => {
  const control = controlledActors(...ACTORS);
  return { actor: createActor(webhooksMachine.provide({ actors: control.actors })), control };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('webhooks machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: webhooksMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof webhooksMachine.resolveState>;
        return JSON.stringify({
          value,
          hooks: context.hooks.length,
          error: context.error?.key,
          done: context.done,
          created: context.created !== null,
          target: context.target,
          log: context.log?.deliveries.length ?? null,
          redelivering: context.redelivering,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        const last = sut.control.calls.at(-1);
        // Each request carries what was asked: the trimmed address, the endpoint, the delivery.
        if (model.matches('creating'))
          expect(last).toEqual({ id: 'createHook', input: { ...request, url: request.url.trim() } });
        if (model.matches('deleting')) expect(last).toEqual({ id: 'deleteHook', input: 1 });
        if (model.matches('switching'))
          expect(last).toEqual({ id: 'switchHook', input: { hook: hook(1), enabled: false } });
        if (model.matches('loadingLog')) expect(last).toEqual({ id: 'loadLog', input: 1 });
        if (model.matches('redelivering'))
          expect(last).toEqual({ id: 'redeliver', input: { id: 1, deliveryId: 7 } });
        if (model.matches('failure')) expect(snapshot.context.error).not.toBeNull();
      },
    });
    console.log(`webhooks machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(8);
  });

  it('keeps the new secret until dismissed; refuses a bad address or no event without a request', async () => {
    const sut = createSut();
    sut.actor.start();
    sut.control.resolve('loadHooks', one);
    await flush();
    sut.actor.send({ type: 'create', hook: { ...request, url: 'crm.example.com' } });
    expect(sut.actor.getSnapshot().context.error).toEqual({ key: 'settings.webhooks.urlRequired' });
    sut.actor.send({ type: 'create', hook: { ...request, events: [] } });
    expect(sut.actor.getSnapshot().context.error).toEqual({ key: 'settings.webhooks.eventsRequired' });
    expect(sut.control.calls.filter((c) => c.id === 'createHook')).toHaveLength(0);
    sut.actor.send({ type: 'create', hook: request });
    sut.control.resolve('createHook', created);
    await flush();
    sut.control.resolve('loadHooks', two);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      done: 'created',
      created,
      hooks: two,
      error: null,
    });
    sut.actor.send({ type: 'dismiss' });
    expect(sut.actor.getSnapshot().context.created).toBeNull();
    // An unknown endpoint asks nothing of the server.
    sut.actor.send({ type: 'delete', id: 99 });
    expect(sut.actor.getSnapshot().value).toBe('idle');
  });
});
