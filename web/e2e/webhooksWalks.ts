import { type WebhooksContext, webhooksMachine } from '@extranet/core';
import { sampleDelivery, sampleHook, webhookClicks } from '@extranet/core/testing/webhookSamples.ts';
import type { EventObject } from 'xstate';
import { type ModelState, shortestModelPaths, toUserWalks } from './modelPathsInBrowser.ts';

/**
 * Core's webhooks machine as the settings' card can walk it (webhooks-paths.e2e.test.ts): one
 * endpoint a walk, every call able to fail on the way (the server unreachable).
 */
/** The event box every walk ticks, as the card labels it. */
export const POLICY_EVENT = 'Nouvel événement IMP, MED ou CTX';

const hook = (enabled = true) => sampleHook(1, 'policy.event', enabled);
const delivery = sampleDelivery('policy.event');
export const request = { url: 'https://crm.example.com/hooks/1', events: ['policy.event' as const] };
const unreachable = new Error('unreachable');

const events = [
  ...webhookClicks(request),
  // The card also switches a paused endpoint back on.
  { type: 'switch', id: 1, enabled: true },
  ...[[], [hook()], [hook(false)]].map((output) => ({ type: 'xstate.done.actor.loadHooks', output })),
  { type: 'xstate.done.actor.createHook', output: { ...hook(), secret: `whsec_${'A'.repeat(43)}=` } },
  { type: 'xstate.done.actor.deleteHook', output: undefined },
  { type: 'xstate.done.actor.switchHook', output: hook(false) },
  { type: 'xstate.done.actor.switchHook', output: hook(true) },
  { type: 'xstate.done.actor.loadLog', output: [delivery] },
  { type: 'xstate.done.actor.redeliver', output: { ...delivery, id: 8 } },
  ...['loadHooks', 'createHook', 'deleteHook', 'switchHook', 'loadLog', 'redeliver'].map(
    (id) => ({ type: `xstate.error.actor.${id}`, error: unreachable }) as EventObject,
  ),
] as EventObject[];

export const ctx = (state: ModelState) => state.context as WebhooksContext;
const busy = (state: ModelState) => state.hasTag('busy');

/** What the server holds once the change that led to the list's reading is done. */
const held = (c: WebhooksContext) => {
  if (c.done === 'created' || c.done === 'switchedOn') return [hook()];
  if (c.done === 'paused') return [hook(false)];
  if (c.done === 'deleted') return [];
  return c.hooks;
};

/** What the card shows: the state, the rows and their state, the message, the notice, the secret, the log. */
const view = (state: ModelState) => {
  const c = ctx(state);
  return JSON.stringify([
    state.value,
    c.hooks.map((h) => h.enabled),
    c.error?.key ?? null,
    c.created === null ? c.done : 'secret',
    c.log?.deliveries.length ?? null,
  ]);
};

const paths = shortestModelPaths(webhooksMachine, {
  events,
  serializeState: view,
  // Only the shortest path through each (event, screen) step: the notices times the log times
  // the rows would otherwise give hundreds of walks of the same screens.
  cover: (state) => {
    const c = ctx(state);
    return JSON.stringify([state.value, c.hooks.map((h) => h.enabled), c.error !== null, c.log !== null]);
  },
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    const c = ctx(state);
    const e = event as EventObject & { hook?: typeof request; enabled?: boolean; output?: unknown };
    if (!event.type.startsWith('xstate.')) {
      if (event.type === 'retry') return state.matches('failure' as never);
      if (!state.matches('idle' as never)) return false;
      const one = c.hooks.length === 1;
      switch (event.type) {
        case 'create':
          // One endpoint a walk: its rows are the model's.
          return e.hook !== request || c.hooks.length === 0;
        case 'switch':
          return one && e.enabled === !c.hooks[0]?.enabled;
        case 'delete':
        case 'openLog':
          return one;
        case 'closeLog':
          return c.log !== null;
        case 'redeliver':
          return (c.log?.deliveries.length ?? 0) > 0;
        case 'dismiss':
          return c.created !== null;
        default:
          return false;
      }
    }
    if (!busy(state)) return false;
    // A list read failing after a change would be followed by one the model cannot foresee
    // (the change is on the server, not in the context): only the first read and a retry fail.
    if (event.type === 'xstate.error.actor.loadHooks') return c.done === null;
    if (event.type === 'xstate.done.actor.loadHooks')
      return JSON.stringify(e.output) === JSON.stringify(held(c));
    if (event.type === 'xstate.done.actor.switchHook')
      return (e.output as { enabled: boolean }).enabled === !c.hooks[0]?.enabled;
    return true;
  },
});

export const walks = toUserWalks<EventObject>(paths, {
  pageLoad: true,
  transient: busy,
  // A call the path makes fail is another walk than the same clicks answered (kept apart).
  adapt: ({ event, actorEvents }) =>
    event.type.startsWith('xstate.')
      ? undefined
      : ({
          ...event,
          ...(actorEvents.some((a) => a.type.startsWith('xstate.error.'))
            ? { fails: actorEvents.find((a) => a.type.startsWith('xstate.error.'))?.type.slice(19) }
            : {}),
        } as EventObject),
});

export const label = (event: EventObject) => {
  const e = event as EventObject & { hook?: typeof request; enabled?: boolean; fails?: string };
  const what =
    e.hook === undefined
      ? e.enabled === undefined
        ? event.type
        : `switch ${e.enabled ? 'on' : 'off'}`
      : `create ${e.hook.url === 'crm' ? 'bad address' : e.hook.events.length === 0 ? 'no event' : 'ok'}`;
  return `${what}${e.fails ? ` (${e.fails} fails)` : ''}`;
};
