import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ServerUnreachable } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { statusError } from '../testing/sampleErrors.ts';
import { personalTokensMachine } from './personalTokens.machine.ts';

const token = (id: number) => ({
  id,
  name: `CRM ${id}`,
  scope: 'read' as const,
  prefix: 'ext_pat_abcd',
  createdAt: '2026-11-24T08:00:00Z',
  expiresAt: '2027-02-22T08:00:00Z',
  lastUsedAt: null,
});
const one = [token(1)];
const two = [token(2), token(1)];
const created = { ...token(2), token: `ext_pat_${'a'.repeat(43)}` };
const request = { name: ' CRM 2 ', scope: 'read' as const, expiresInDays: 90 };
const notFound = statusError(404, 'http://x/api/account/tokens/1');
const unreachable = new ServerUnreachable({ url: 'http://x/api/account/tokens', reason: 'down' });

const events = [
  { type: 'retry' },
  { type: 'create', token: request },
  { type: 'create', token: { ...request, name: '  ' } },
  { type: 'create', token: { ...request, expiresInDays: 366 } },
  { type: 'revoke', id: 1 },
  { type: 'dismiss' },
  { type: 'xstate.done.actor.loadTokens', output: one },
  { type: 'xstate.done.actor.loadTokens', output: two },
  { type: 'xstate.error.actor.loadTokens', error: unreachable },
  { type: 'xstate.done.actor.createToken', output: created },
  { type: 'xstate.error.actor.createToken', error: unreachable },
  { type: 'xstate.done.actor.revokeToken', output: undefined },
  { type: 'xstate.error.actor.revokeToken', error: notFound },
  { type: 'xstate.error.actor.revokeToken', error: unreachable },
];

const createSut = () => {
  const control = controlledActors('loadTokens', 'createToken', 'revokeToken');
  return { actor: createActor(personalTokensMachine.provide({ actors: control.actors })), control };
};

describe('personal tokens machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: personalTokensMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof personalTokensMachine.resolveState>;
        return JSON.stringify({
          value,
          tokens: context.tokens.length,
          error: context.error?.key,
          done: context.done,
          created: context.created !== null,
          revoking: context.revoking,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        // The request goes with the trimmed name; the token revoked is the one asked for.
        if (model.matches('creating'))
          expect(sut.control.calls.at(-1)).toEqual({
            id: 'createToken',
            input: { ...request, name: 'CRM 2' },
          });
        if (model.matches('revoking'))
          expect(sut.control.calls.at(-1)).toEqual({ id: 'revokeToken', input: 1 });
        if (model.matches('failure')) expect(snapshot.context.error).not.toBeNull();
      },
    });
    console.log(`personal tokens machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBe(5);
  });

  it('keeps the new secret until dismissed; refuses an empty name and a life over a year without a request', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadTokens', one);
    await flush();
    sut.actor.send({ type: 'create', token: { ...request, name: ' ' } });
    expect(sut.actor.getSnapshot().context.error).toEqual({ key: 'settings.tokens.nameRequired' });
    sut.actor.send({ type: 'create', token: { ...request, expiresInDays: 400 } });
    expect(sut.actor.getSnapshot().context.error).toEqual({
      key: 'settings.tokens.badExpiry',
      params: { max: 365 },
    });
    expect(sut.control.calls.filter((c) => c.id === 'createToken')).toHaveLength(0);
    sut.actor.send({ type: 'create', token: request });
    sut.control.resolve('createToken', created);
    await flush();
    sut.control.resolve('loadTokens', two);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      done: 'created',
      created,
      tokens: two,
      error: null,
    });
    sut.actor.send({ type: 'dismiss' });
    expect(sut.actor.getSnapshot().context.created).toBeNull();
  });
});
