import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import { statementDetailMachine } from '@extranet/core/machines/statementDetail.machine.ts';
import { type ModelState, shortestModelPaths } from '@extranet/core/testing/userWalks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

/**
 * Core's statement machine replayed through `extranet statements show <id>`, the command that
 * runs it: its model paths through what a terminal can do. The command opens the statement on
 * its summary tab (the recap), or with `--lines` sends 'Afficher détail' (`lines.show`) and
 * prints the lines tab through the list machine. The client tab and the PDF region are the
 * web's (web/e2e/statement-paths); `statements pdf` is its own command, so no path here takes
 * those events, nor `back` (a command shows one tab). The load's outcome is the server's: a
 * statement the caller sees loads, an unknown one is refused; `retry` is running the command again.
 */
const UNKNOWN = 999_999_999;
/** Rows of a page of lines: fewer than the statement has, so the footer counts pages. */
const SIZE = 5;
const paths = shortestModelPaths(statementDetailMachine, {
  events: [
    { type: 'xstate.done.actor.loadStatement', output: { statement: {}, recap: [] } } as EventObject,
    { type: 'xstate.error.actor.loadStatement', error: new Error('not found') } as EventObject,
    { type: 'retry' },
    { type: 'lines.show' },
  ],
  input: { idBordereau: 1, canSeeClient: false },
  serializeState: (state) => JSON.stringify(state.value),
});

/**
 * Each path as the runs it takes: a load that succeeds or fails, after each (re)try, and the tab
 * it ends on (`lines.show` after a load is the same run with `--lines`).
 */
const runsOf = (steps: ReadonlyArray<{ event: EventObject; state: unknown }>) => {
  const runs: { loads: boolean; lines: boolean; state: ModelState }[] = [];
  for (const { event, state } of steps) {
    const loads = event.type.startsWith('xstate.done.');
    if (loads || event.type.startsWith('xstate.error.'))
      runs.push({ loads, lines: false, state: state as ModelState });
    else if (event.type === 'lines.show' && runs.length > 0)
      runs[runs.length - 1] = { ...runs.at(-1)!, lines: true, state: state as ModelState };
  }
  return runs;
};

let server: TestServer;
let courtier: Session;
let id: number;
let recap: string[];
/** The statement's first page of lines as the server orders them by default (policy numbers). */
let lines: { total: number; police: string[] };

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
  const [first] = (await (await apiGet(server.url, courtier, 'api/commissions?size=1')).json()) as {
    idBordereau: number;
  }[];
  id = first!.idBordereau;
  const recapLines = (await (
    await apiGet(server.url, courtier, `api/commissions/bordereau/${id}`)
  ).json()) as {
    commission: string;
    ordre: number;
  }[];
  recap = recapLines.sort((a, b) => a.ordre - b.ordre).map((line) => line.commission);
  const spec = LIST_SPECS.mouvements;
  const sort = spec.defaultSort.map((s) => `sort=${s.field},${s.dir}`).join('&');
  const answer = await apiGet(server.url, courtier, `api/mouvements/${id}?size=${SIZE}&${sort}`);
  lines = {
    total: Number(answer.headers.get('x-total-count')),
    police: ((await answer.json()) as { police: string | null }[]).map((line) => line.police ?? ''),
  };
});
afterAll(async () => {
  await server?.close();
});

describe('statement machine paths through `extranet statements show`', () => {
  it('its paths reach the summary, the lines and the refusal: every state the terminal can show', () => {
    const reached = new Set(
      paths.flatMap((p) => runsOf(p.steps).map((run) => JSON.stringify(run.state.value))),
    );
    expect([...reached].sort()).toEqual([
      '"failure"',
      JSON.stringify({ ready: { tab: 'lines', pdf: 'idle' } }),
      JSON.stringify({ ready: { tab: 'summary', pdf: 'idle' } }),
    ]);
  });

  for (const path of paths) {
    const runs = runsOf(path.steps);
    if (runs.length === 0) continue;
    const name = (run: (typeof runs)[number]) =>
      run.loads ? (run.lines ? 'loads → lines' : 'loads') : 'refused';
    it(runs.map(name).join(' → retry → '), async () => {
      for (const run of runs) {
        const { code, stdout, stderr } = await runBin(
          [
            'statements',
            'show',
            String(run.loads ? id : UNKNOWN),
            ...(run.lines ? ['--lines', '--size', String(SIZE)] : []),
          ],
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
        } else if (run.lines) {
          // The lines tab: the list machine's first page, the descriptor's terminal columns.
          expect(run.state.hasTag('tab1')).toBe(true);
          expect(code).toBe(0);
          const [header, ...rows] = stdout.trimEnd().split('\n');
          expect(header).toBe(LIST_SPECS.mouvements.cliColumns.join('\t'));
          expect(rows.map((row) => row.split('\t')[0])).toEqual(lines.police);
          expect(stderr).toBe(`Page 1/${Math.ceil(lines.total / SIZE)} — ${lines.total} rows\n`);
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
