import { type FormContext, visibleError } from '@extranet/core/machines/formFlow.ts';
import { resetRequestMachine } from '@extranet/core/machines/resetRequest.machine.ts';
import {
  describeWalk,
  formEventFilter,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  userEventOnly,
} from '@extranet/core/testing/userWalks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Core's reset-request form (formFlow) replayed through `extranet reset request <email>`, as
 * web/e2e/account-paths replays it through its page: the shortest path to each state the form
 * shows, plus each step back. Typing is the argument the next run gets; each `submit` is one
 * run. The server decides the outcome (a registered address answers, an unknown one is
 * refused), so the model lets a submit fail only for the unknown address. After each run the
 * terminal shows what the model's state promises: the success line (exit 0), the field's own
 * message and nothing sent (exit 2), or the server's refusal in the form's words (exit 2).
 */
const KNOWN = 'courtier@demo.extranet.example';
const UNKNOWN = 'nobody@cli.example.com';
const fails = (values: FormContext['values']) => values.email !== KNOWN;

const ctx = (state: ModelState) => state.context as FormContext;
const busy = (state: ModelState) => state.hasTag('busy');
const invalid = (state: ModelState) =>
  Object.keys(ctx(state).values).filter((field) => visibleError(ctx(state), field) !== null);
const view = (state: ModelState) =>
  JSON.stringify([state.value, invalid(state).length > 0, ctx(state).error !== null]);

const paths = shortestModelPaths(resetRequestMachine, {
  events: [
    ...[KNOWN, UNKNOWN, 'not-an-address'].map(
      (value) => ({ type: 'field.change', field: 'email', value }) as EventObject,
    ),
    { type: 'submit' },
    { type: 'xstate.done.actor.submit' },
    { type: 'xstate.error.actor.submit', error: new Error('refused') } as EventObject,
  ],
  serializeState: (state) => JSON.stringify([view(state), ctx(state).values, ctx(state).dirty]),
  cover: view,
  coverFrom: false,
  transient: busy,
  filterEvents: formEventFilter(fails),
});
const walks = toUserWalks(paths, { transient: busy, adapt: userEventOnly });

const label = (event: EventObject) => {
  const e = event as EventObject & { value?: string };
  return e.value === undefined ? event.type : `email ${JSON.stringify(e.value)}`;
};

let server: TestServer;
let replayed = 0;
const started = Date.now();

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  console.log(
    `resetRequest machine: ${replayed} of ${walks.length} model paths replayed through the CLI in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await server?.close();
});

describe('reset-request form paths through `extranet reset request`', () => {
  it('has walks to the success, a refused field and a refused address', () => {
    expect(reachedValues(walks)).toEqual(['"editing"', '"failure"', '"success"']);
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      for (const step of walk) {
        // Typing runs nothing: the value waits for the next submit.
        if (step.event.type !== 'submit') continue;
        const { email = '' } = ctx(step.before).values;
        const { code, stdout, stderr } = await runBin(['reset', 'request', email], {
          env: { EXTRANET_URL: server.url },
        });
        expect(stdout).toBe('');
        const state = step.state;
        if (state.value === 'success') {
          expect({ code, stderr }).toEqual({
            code: 0,
            stderr: 'Check your emails for details on how to reset your password.\n',
          });
        } else if (state.value === 'failure') {
          expect({ code, stderr }).toEqual({
            code: 2,
            stderr: 'extranet: Email address isn’t registered! Please check and try again\n',
          });
        } else {
          // Refused before sending: the field's message, as the page shows it under the field.
          expect(state.value).toBe('editing');
          expect(invalid(state)).toEqual(['email']);
          expect({ code, stderr }).toEqual({
            code: 2,
            stderr: `extranet: ${email === '' ? 'Your email is required.' : 'Your email is invalid.'}\n`,
          });
        }
      }
      replayed++;
    });
  }
});
