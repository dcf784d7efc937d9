/**
 * Web (`npm run bench -- web [lighthouse]`): Lighthouse's mobile Performance score, transferred
 * bytes and LCP on sign-in, home and the policy list (cold cache), the median of
 * BENCH_LIGHTHOUSE_RUNS rounds (default 5) with the score's spread, against the goals; then, unless only `lighthouse`
 * was asked for, initial JavaScript per route (gzipped, what a first visit downloads for that screen,
 * read from Chromium's requests and sized from web/dist), and the time to the first rendered
 * grid row of the policy list in Chromium (/usr/bin/chromium through playwright-core), against
 * the bare API call the page makes for those rows.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROUTES, type RouteKey } from '../../core/src/permissions/permissions.ts';
import { CHROMIUM, CHROMIUM_ARGS, ensureWebAndChromium, screenPath, WEB_DIST } from './lib/browser.ts';
import { BENCH_ADMIN, ensurePgDataset } from './lib/dataset.ts';
import { type LighthouseFigures, lighthouseRun } from './lib/lighthouse.ts';
import { check, fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LIGHTHOUSE_ONLY = process.argv[2] === 'lighthouse';

ensureWebAndChromium();

const dataset = await ensurePgDataset();
const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-web-')),
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const gzipped = new Map<string, number>();
const gzipSize = (path: string) => {
  if (!gzipped.has(path)) gzipped.set(path, gzipSync(readFileSync(join(WEB_DIST, path))).length);
  return gzipped.get(path)!;
};

try {
  const tokens = {
    grossiste: await signIn(server.url, 'grossiste'),
    admin: await signIn(server.url, BENCH_ADMIN.login),
  };

  // Lighthouse first, while nothing of this run has warmed the server's caches for these pages.
  // Each round visits the three pages in turn, so a busy moment falls on every page alike; each
  // figure is the median of the rounds, the score with its spread.
  const pages: [label: string, who: keyof typeof tokens | null, route: string, goal: number][] = [
    ['sign-in (/, signed out)', null, screenPath('home'), 95],
    ['home (signed in)', 'grossiste', screenPath('home'), 90],
    ['policy list', 'grossiste', screenPath('police'), 85],
  ];
  const runs = pages.map(() => [] as LighthouseFigures[]);
  for (let round = 1; round <= LIGHTHOUSE_RUNS; round++)
    for (const [i, [label, who, route]] of pages.entries()) {
      const f = await lighthouseRun(`${server.url}${route}`, {
        chromePath: CHROMIUM,
        chromeFlags: CHROMIUM_ARGS,
        origin: server.url,
        ...(who ? { token: tokens[who] } : {}),
      });
      runs[i]!.push(f);
      console.log(
        `  round ${round}, ${label}: ${f.performance} (flagged: ${f.opportunities.join(', ') || 'nothing'})`,
      );
    }
  const median = (list: readonly LighthouseFigures[], pick: (f: LighthouseFigures) => number) =>
    percentile(
      list.map(pick).sort((a, b) => a - b),
      0.5,
    );
  const figures: string[][] = [
    [
      'page',
      'Performance',
      'min–max',
      'transferred KB',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'SI ms',
      'CLS',
      'unused JS KB',
      'CPU index',
    ],
  ];
  for (const [i, [label]] of pages.entries()) {
    const list = runs[i]!;
    const scores = list.map((f) => f.performance).sort((a, b) => a - b);
    figures.push([
      label,
      String(median(list, (f) => f.performance)),
      `${scores[0]}–${scores.at(-1)}`,
      fmt(median(list, (f) => f.transferredBytes) / 1024),
      fmt(
        median(list, (f) => f.fcpMs),
        0,
      ),
      fmt(
        median(list, (f) => f.lcpMs),
        0,
      ),
      fmt(
        median(list, (f) => f.tbtMs),
        0,
      ),
      fmt(
        median(list, (f) => f.speedIndexMs),
        0,
      ),
      median(list, (f) => f.cls).toFixed(3),
      fmt(median(list, (f) => f.unusedJsBytes) / 1024),
      fmt(
        median(list, (f) => f.benchmarkIndex),
        0,
      ),
    ]);
  }
  console.log(
    `Lighthouse, mobile profile (simulated slow 4G, 4× CPU slowdown), cold cache, median of ${LIGHTHOUSE_RUNS} rounds:`,
  );
  table(figures);
  for (const [i, [label, , , goal]] of pages.entries()) {
    const score = median(runs[i]!, (f) => f.performance);
    console.log(check(`Lighthouse ${label}`, score >= goal, `median ${score} (goal ≥ ${goal})`));
  }
  if (!LIGHTHOUSE_ONLY) await jsAndFirstRow(tokens);
} finally {
  await browser.close();
  await server.close();
}

/** Initial JavaScript per route and the time to the first grid row. */
async function jsAndFirstRow(tokens: Record<'grossiste' | 'admin', string>) {
  /** A fresh browser context (empty cache) signed in through the token store. */
  const open = async (who: keyof typeof tokens) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'fr-FR' });
    await context.addInitScript((token) => {
      // Runs in the page (no DOM types in this package).
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('jhi-authenticationToken', token);
    }, tokens[who]);
    return { context, page: await context.newPage() };
  };

  /** The screens measured, by who opens them; each row is named by its path. */
  const byWho: Record<keyof typeof tokens, readonly RouteKey[]> = {
    grossiste: ['home', 'timeline', 'police', 'policeAssure', 'commission'],
    admin: ['userManagement'],
  };
  const screens = (['grossiste', 'admin'] as const).flatMap((who) =>
    byWho[who].map((route) => ({ who, route })),
  );
  const rows: string[][] = [['route', 'JS files', 'JS gzip KB', 'JS raw KB']];
  for (const { who, route } of screens) {
    const { context, page } = await open(who);
    const scripts = new Set<string>();
    let last = performance.now();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      last = performance.now();
      if (path.endsWith('.js')) scripts.add(path.slice(1));
    });
    await page.goto(`${server.url}${screenPath(route)}`, { waitUntil: 'networkidle' });
    // Lazy routes load after the account check, which can leave the network idle for a while
    // on a busy machine: wait for 3 s without any response.
    while (performance.now() - last < 3000) await new Promise((r) => setTimeout(r, 250));
    const files = [...scripts];
    const gz = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const raw = files.reduce((sum, f) => sum + readFileSync(join(WEB_DIST, f)).length, 0);
    rows.push([`${ROUTES[route].path} (${who})`, String(files.length), fmt(gz / 1024), fmt(raw / 1024)]);
    await context.close();
  }
  console.log('Initial JavaScript per route (fresh cache, until the network is idle):');
  table(rows);

  // Time to the first grid row: from navigation start to the first AG Grid row in the DOM.
  const listPath = '/api/police?page=0&size=20&sort=dateCreation,desc';
  const cold: number[] = [];
  const api: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await open('grossiste');
    const started = performance.now();
    await page.goto(`${server.url}${screenPath('police')}`);
    await page.locator('.ag-row').first().waitFor({ timeout: 60_000 });
    cold.push(performance.now() - started);
    // The bare data call from the same page: what the grid waits for at the least.
    api.push(
      await page.evaluate(
        async ([url, token]) => {
          const t = performance.now();
          const response = await fetch(url!, { headers: { authorization: `Bearer ${token}` } });
          await response.json();
          return performance.now() - t;
        },
        [listPath, tokens.grossiste],
      ),
    );
    await context.close();
  }
  cold.sort((a, b) => a - b);
  api.sort((a, b) => a - b);
  console.log(
    `\nPolicy list as the grossiste (${dataset.policies} policies), ${RUNS} runs, fresh cache each:`,
  );
  table([
    ['', 'median ms', 'min ms', 'max ms'],
    ['first grid row', fmt(percentile(cold, 0.5), 0), fmt(cold[0]!, 0), fmt(cold.at(-1)!, 0)],
    ['bare API call (page of 20)', fmt(percentile(api, 0.5), 0), fmt(api[0]!, 0), fmt(api.at(-1)!, 0)],
  ]);
  console.log(
    ratioLine(percentile(cold, 0.5) / percentile(api, 0.5), 'first grid row ms', 'bare API call ms'),
  );
}
