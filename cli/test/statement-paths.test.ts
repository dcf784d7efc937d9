import { statementDetailMachine } from '@extranet/core/machines/statementDetail.machine.ts';
import { type ModelState, shortestModelPaths } from '@extranet/core/testing/userWalks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

/**
 * Core's statement machine replayed through `extranet statements show <id>`, the command that
 * runs it: its model paths through what a terminal can do. The command opens the statement and
 * prints its summary tab (the recap); the lines and client tabs, and the PDF region, are the
 * web's (web/e2e/statement-paths) and `statements export`/`pdf` are their own commands, so no
 * path here takes those events. The load's outcome is the server's: a statement the caller sees
 * loads, an unknown one is refused; `retry` is running the command again.
 */
const UNKNOWN = 999_999_999;
const paths = shortestModelPaths(statementDetailMachine, {
  events: [
    { type: 'xstate.done.actor.loadStatement', output: { statement: {}, recap: [] } } as EventObject,
    { type: 'xstate.error.actor.loadStatement', error: new Error('not found') } as EventObject,
    { type: 'retry' },
  ],
  input: { idBordereau: 1, canSeeClient: false },
  serializeState: (state) => JSON.stringify(state.value),
});

/** Each path as the runs it takes: a load that succeeds or fails, after each (re)try. */
const runsOf = (steps: ReadonlyArray<{ event: EventObject; state: unknown }>) =>
  steps
    .filter(({ event }) => event.type.startsWith('xstate.done.') || event.type.startsWith('xstate.error.'))
    .map(({ event, state }) => ({
      loads: event.type.startsWith('xstate.done.'),
      state: state as ModelState,
    }));

let server: TestServer;
let courtier: Session;
let id: number;
let recap: string[];

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
  const [first] = (await (await apiGet(server.url, courtier, 'api/commissions?size=1')).json()) as {
    idBordereau: number;
  }[];
  id = first!.idBordereau;
  const lines = (await (await apiGet(server.url, courtier, `api/commissions/bordereau/${id}`)).json()) as {
    commission: string;
    ordre: number;
  }[];
  recap = lines.sort((a, b) => a.ordre - b.ordre).map((line) => line.commission);
});
afterAll(async () => {
  await server?.close();
});

describe('statement machine paths through `extranet statements show`', () => {
  it('its paths reach the summary and the refusal, and every state the terminal can show', () => {
    const reached = new Set(
      paths.flatMap((p) => runsOf(p.steps).map((run) => JSON.stringify(run.state.value))),
    );
    expect([...reached].sort()).toEqual([
      '"failure"',
      JSON.stringify({ ready: { tab: 'summary', pdf: 'idle' } }),
    ]);
  });

  for (const path of paths) {
    const runs = runsOf(path.steps);
    if (runs.length === 0) continue;
    it(runs.map((run) => (run.loads ? 'loads' : 'refused')).join(' → retry → '), async () => {
      for (const run of runs) {
        const { code, stdout, stderr } = await runBin(
          ['statements', 'show', String(run.loads ? id : UNKNOWN)],
          {
            env: courtier.env,
          },
        );
        if (run.state.hasTag('error')) {
          expect({ code, stdout, stderr }).toEqual({
            code: 1,
            stdout: '',
            stderr: `extranet: Statement ${UNKNOWN} not found (or outside your scope).\n`,
          });
        } else {
          // The summary tab: the recap in its order, then the three totals.
          expect(run.state.hasTag('tab0')).toBe(true);
          expect(code).toBe(0);
          const rows = stdout
            .trimEnd()
            .split('\n')
            .slice(1)
            .map((line) => line.split('\t')[0]);
          expect(rows).toEqual([...recap, 'totalCommissions', 'soldePrecedent', 'totalVersement']);
        }
      }
    });
  }
});
