import { type PersonalTokensContext, personalTokensMachine } from '@extranet/core';
import { statusError } from '@extranet/core/testing/sampleErrors.ts';
import type { EventObject } from 'xstate';
import { type ModelState, shortestModelPaths, toUserWalks } from './modelPathsInBrowser.ts';

/**
 * Core's personalTokens machine as the settings' tokens card can walk it (tokens-paths.e2e.test.ts):
 * one token a walk; a call fails on the way (the server unreachable), and a revocation finds the
 * token already revoked elsewhere (404). The card offers lives of 30 to 365 days only, so the
 * machine's "over a year" refusal is not walked here (core's model test has it).
 */
const token = {
  id: 1,
  name: 'CRM',
  scope: 'read' as const,
  prefix: 'ext_pat_abcd',
  createdAt: '2026-11-24T08:00:00Z',
  expiresAt: '2027-02-22T08:00:00Z',
  lastUsedAt: null,
};
const request = { name: 'CRM', scope: 'read' as const, expiresInDays: 90 };
const unreachable = new Error('unreachable');
/** What the card's client makes of the server's 404. */
const notFound = statusError(404, 'api/account/tokens/1');

const events = [
  { type: 'retry' },
  { type: 'create', token: request },
  { type: 'create', token: { ...request, name: '  ' } },
  { type: 'revoke', id: 1 },
  { type: 'dismiss' },
  { type: 'xstate.done.actor.loadTokens', output: [] },
  { type: 'xstate.done.actor.loadTokens', output: [token] },
  { type: 'xstate.error.actor.loadTokens', error: unreachable },
  { type: 'xstate.done.actor.createToken', output: { ...token, token: `ext_pat_${'a'.repeat(43)}` } },
  { type: 'xstate.error.actor.createToken', error: unreachable },
  { type: 'xstate.done.actor.revokeToken', output: undefined },
  { type: 'xstate.error.actor.revokeToken', error: unreachable },
  { type: 'xstate.error.actor.revokeToken', error: notFound },
] as EventObject[];

export const ctx = (state: ModelState) => state.context as PersonalTokensContext;
const busy = (state: ModelState) => state.hasTag('busy');

/** What the server holds when the list is read: a revocation (done or found done) leaves none. */
const held = (c: PersonalTokensContext) => {
  if (c.revoking !== null) return [];
  if (c.done === 'created') return [token];
  return c.tokens;
};

const view = (state: ModelState) => {
  const c = ctx(state);
  return JSON.stringify([state.value, c.tokens.length, c.error?.key ?? null, c.created !== null, c.done]);
};

const paths = shortestModelPaths(personalTokensMachine, {
  events,
  serializeState: view,
  cover: (state) => {
    const c = ctx(state);
    return JSON.stringify([state.value, c.tokens.length, c.error !== null, c.created !== null]);
  },
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    const c = ctx(state);
    const e = event as EventObject & { token?: typeof request; output?: unknown; error?: unknown };
    if (!event.type.startsWith('xstate.')) {
      if (event.type === 'retry') return state.matches('failure' as never);
      if (!state.matches('idle' as never)) return false;
      if (event.type === 'create') return e.token !== request || c.tokens.length === 0;
      if (event.type === 'revoke') return c.tokens.length === 1;
      return c.created !== null;
    }
    if (!busy(state)) return false;
    // As for webhooks: after a change, a failed read would be followed by one the model cannot foresee.
    if (event.type === 'xstate.error.actor.loadTokens') return c.done === null && c.revoking === null;
    if (event.type === 'xstate.done.actor.loadTokens')
      return JSON.stringify(e.output) === JSON.stringify(held(c));
    return true;
  },
});

export const walks = toUserWalks<EventObject>(paths, {
  pageLoad: true,
  transient: busy,
  adapt: ({ event, actorEvents }) => {
    if (event.type.startsWith('xstate.')) return undefined;
    const error = actorEvents.find((a) => a.type.startsWith('xstate.error.')) as
      | (EventObject & { error: unknown })
      | undefined;
    if (error === undefined) return event;
    return { ...event, fails: error.error === notFound ? 'gone' : error.type.slice(19) } as EventObject;
  },
});

export const label = (event: EventObject) => {
  const e = event as EventObject & { token?: typeof request; fails?: string };
  const what = e.token === undefined ? event.type : `create ${e.token.name.trim() === '' ? 'no name' : 'ok'}`;
  return `${what}${e.fails ? ` (${e.fails})` : ''}`;
};
