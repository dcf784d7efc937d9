/**
 * `npm run bench -- firstrow [pg]`: time from navigation to the first row of the policy grid, as
 * the grossiste on a desktop (Chromium 1280×720 through playwright-core, a fresh cache each run),
 * on the demo set (PGlite, its own process) or with `pg` on the generated PostgreSQL set
 * (`BENCH_POLICIES`, e.g. 20000). Figures are read in the page (navigation start = 0) so that the
 * bench's own round trips to Chromium are not counted: when the account check, the screen's chunk,
 * the saved lists and the list's data were asked for and answered, the first grid row in the DOM,
 * and the page's main-thread busy time (Chrome's `TaskDuration`, CPU rather than waiting). The
 * baseline, in the same page of the same run: the bare API call for the same rows. Runs alternate
 * with the baseline, and each figure prints its median and spread. Goal: first row < 400 ms.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureWebAndChromium, screenPath } from './lib/browser.ts';
import { ensurePgDataset } from './lib/dataset.ts';
import { DEFAULT_LIST_PATH as LIST_PATH } from './lib/listScreens.ts';
import { check, fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const GOAL_MS = 400;

ensureWebAndChromium();
const onPg = process.argv[2] === 'pg';
const dataset = onPg ? await ensurePgDataset() : undefined;
const server = await startServer({
  ...(dataset ? { databaseUrl: dataset.url } : {}),
  dataDir: mkdtempSync(join(tmpdir(), 'bench-firstrow-')),
  env: dataset ? {} : { SEED_DEMO: 'true' },
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

/** One run's figures, ms from navigation start. */
interface Run {
  readonly firstRow: number;
  readonly busy: number;
  readonly api: number;
  readonly steps: Record<string, readonly [number, number] | undefined>;
}

/** The requests whose start and end tell where the first row waits (resource timing). */
const STEPS: readonly [string, RegExp][] = [
  ['entry script', /\/assets\/index-[^/]*\.js$/],
  ['account check', /\/api\/account(\?|$)/],
  ['screen chunk', /\/assets\/PolicyListPage-[^/]*\.js$/],
  ['grid chunk', /\/assets\/DataGrid-[^/]*\.js$/],
  ['saved lists', /\/api\/saved-filters\?/],
  ['list data', /\/api\/police\?/],
];

const runOnce = async (token: string): Promise<Run> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'fr-FR' });
  try {
    await context.addInitScript((stored) => {
      // Runs in the page (no DOM types in this package): the token, and the first row's time.
      const page = globalThis as unknown as {
        localStorage: { setItem(k: string, v: string): void };
        document: { querySelector(s: string): unknown };
        requestAnimationFrame(f: () => void): void;
        __firstRow?: number;
      };
      page.localStorage.setItem('jhi-authenticationToken', stored);
      // Checked each frame: the time a person could first see the row (to one frame).
      const look = () => {
        if (page.document.querySelector('.ag-row') !== null) page.__firstRow = performance.now();
        else page.requestAnimationFrame(look);
      };
      page.requestAnimationFrame(look);
    }, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.url}${screenPath('police')}`);
    await page.waitForFunction(() => (globalThis as { __firstRow?: number }).__firstRow !== undefined, null, {
      timeout: 60_000,
      polling: 50,
    });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const busy = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
    const seen = await page.evaluate(() => {
      const g = globalThis as unknown as { __firstRow: number };
      const entries = performance.getEntriesByType('resource') as unknown as {
        name: string;
        startTime: number;
        responseEnd: number;
      }[];
      return {
        firstRow: g.__firstRow,
        entries: entries.map((e) => [e.name, e.startTime, e.responseEnd] as const),
      };
    });
    const steps: Run['steps'] = {};
    for (const [label, pattern] of STEPS) {
      const entry = seen.entries.find(([name]) => pattern.test(name));
      steps[label] = entry ? [entry[1], entry[2]] : undefined;
    }
    // The baseline, alternated with the run: the bare data call from the same page.
    const api = await page.evaluate(
      async ([url, bearer]) => {
        const t = performance.now();
        const response = await fetch(url!, { headers: { authorization: `Bearer ${bearer}` } });
        await response.json();
        return performance.now() - t;
      },
      [LIST_PATH, token],
    );
    return { firstRow: seen.firstRow, busy, api, steps };
  } finally {
    await context.close();
  }
};

const spread = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    text: `${fmt(percentile(sorted, 0.5), 0)} (${fmt(sorted[0]!, 0)}–${fmt(sorted.at(-1)!, 0)})`,
  };
};

try {
  const token = await signIn(server.url, 'grossiste');
  await runOnce(token); // warm-up: the server's first queries, Chromium's first start
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(token));
  const set = dataset ? `${dataset.policies} policies (PostgreSQL)` : 'demo set (PGlite)';
  console.log(
    `\nPolicy list as the grossiste, ${set}, desktop 1280×720, ${RUNS} runs, fresh cache each; ms from navigation start, median (min–max):`,
  );
  table([
    ['request', 'asked at', 'answered at'],
    ...STEPS.map(([label]) => {
      const seen = runs.map((r) => r.steps[label]).filter((s) => s !== undefined);
      if (seen.length === 0) return [label, '—', '—'];
      return [label, spread(seen.map((s) => s[0])).text, spread(seen.map((s) => s[1])).text];
    }),
  ]);
  const firstRow = spread(runs.map((r) => r.firstRow));
  const api = spread(runs.map((r) => r.api));
  const busy = spread(runs.map((r) => r.busy));
  table([
    ['', 'median (min–max) ms'],
    ['first grid row', firstRow.text],
    ['main thread busy until then (TaskDuration)', busy.text],
    ['bare API call, same rows (baseline)', api.text],
  ]);
  console.log(
    check(
      'first grid row',
      firstRow.median < GOAL_MS,
      `median ${fmt(firstRow.median, 0)} ms (goal < ${GOAL_MS} ms)`,
    ),
  );
  console.log(ratioLine(firstRow.median / api.median, 'first grid row ms', 'bare API call ms'));
} finally {
  await browser.close();
  await server.close();
}
