/**
 * The example alert rules and scrape configuration of docs/operations.md stay valid: promtool
 * checks them and runs their unit tests (docs/prometheus/alerts.test.yml), and every metric a
 * rule names is one the server exposes, so a renamed metric cannot leave a rule that never fires.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { PrometheusMetrics } from '../../src/management/prometheus.ts';
import { ensurePromtool, promtool } from './promtool.ts';

const DIR = join(import.meta.dirname, '..', '..', '..', 'docs', 'prometheus');
const promtoolMissing = ensurePromtool();

/**
 * The metric families of a server's exposition, with a replica (its metrics exist only then):
 * the real registry over a database stand-in that answers every figure with 0.
 */
async function exposedFamilies(): Promise<Set<string>> {
  const reader = {
    status: () => ({ serving: true, lagSeconds: 0, maxLagSeconds: 5, reason: undefined, fallbacks: {} }),
    watch: () => () => undefined,
  };
  const db = { kind: 'postgres', query: async () => [{ n: 0 }], reader } as unknown as Db;
  const exposition = await new PrometheusMetrics(db).exposition();
  return new Set([...exposition.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
}

describe.skipIf(promtoolMissing)(
  promtoolMissing ? `alert rules (skipped: ${promtoolMissing})` : 'alert rules',
  () => {
    it('pass promtool check rules', () => {
      const { status, output } = promtool(DIR, 'check', 'rules', 'alerts.yml');
      expect(output).toMatch(/SUCCESS: \d+ rules found/);
      expect(status).toBe(0);
    });

    it('fire when their unit tests expect, and only then (promtool test rules)', () => {
      const { status, output } = promtool(DIR, 'test', 'rules', 'alerts.test.yml');
      expect(output).toContain('SUCCESS');
      expect(status).toBe(0);
    });

    it('name only metrics the server exposes (or Prometheus` own up)', async () => {
      const exposed = await exposedFamilies();
      const rules = readFileSync(join(DIR, 'alerts.yml'), 'utf8');
      const named = new Set(
        [...rules.matchAll(/^\s+(?:expr: |\s*)[^#\n]*$/gm)]
          .flatMap((line) => [...line[0].matchAll(/\b([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1]!))
          .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
      );
      expect(named.size).toBeGreaterThan(5);
      for (const name of named) expect([...exposed, 'up'], name).toContain(name);
    });

    it('come with a scrape configuration promtool accepts', () => {
      const { status, output } = promtool(DIR, 'check', 'config', '--syntax-only', 'scrape.yml');
      expect(output).toContain('SUCCESS');
      expect(status).toBe(0);
    });
  },
);
