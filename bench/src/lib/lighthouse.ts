/**
 * Lighthouse (the npm package) on Debian's Chromium: the default mobile profile (emulated
 * mid-range phone, simulated slow 4G and 4× CPU slowdown), cold cache. Each page gets a fresh
 * Chromium profile; a signed-in page gets its token in localStorage first (Lighthouse's own
 * storage reset would remove it, so it is off: the fresh profile is what keeps the cache cold).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseFigures {
  /** 0–100. */
  readonly performance: number;
  readonly transferredBytes: number;
  readonly lcpMs: number;
  readonly fcpMs: number;
  /** Total blocking time: main-thread tasks over 50 ms between FCP and interactive. */
  readonly tbtMs: number;
  readonly speedIndexMs: number;
  readonly cls: number;
  readonly unusedJsBytes: number;
  /** Lighthouse's CPU benchmark of this machine at the time (about 1000+ on a quiet desktop). */
  readonly benchmarkIndex: number;
  /** Ids of the audits Lighthouse flags with a saving (render-blocking, unused JS, caching…). */
  readonly opportunities: readonly string[];
}

type RunOptions = { chromePath: string; chromeFlags: readonly string[]; origin: string; token?: string };

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): up to 3 attempts. */
export async function lighthouseRun(url: string, options: RunOptions): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, options);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${(error as Error).message}; again`);
    }
  }
}

async function lighthouseOnce(url: string, options: RunOptions): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: [...options.chromeFlags],
  });
  try {
    if (options.token) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      // The favicon only: the app's scripts and styles stay out of the cache.
      await page.goto(`${options.origin}/favicon.svg`);
      await page.evaluate((token) => {
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem('jhi-authenticationToken', token);
      }, options.token);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const unused = audit('unused-javascript')?.details as { overallSavingsBytes?: number } | undefined;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      transferredBytes: audit('total-byte-weight')?.numericValue ?? Number.NaN,
      lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
      fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
      tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
      speedIndexMs: audit('speed-index')?.numericValue ?? Number.NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
      opportunities: Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            (a.details as { type?: string } | undefined)?.type === 'opportunity',
        )
        .map((a) => a.id),
      unusedJsBytes: unused?.overallSavingsBytes ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}
