/**
 * Where the benchmarks run: the repository root, the PostgreSQL server (BENCH_PG_URL, default the
 * local trust server) and the size of the generated set (BENCH_POLICIES, default 1,000,000).
 * Each size gets its own database, so a small development set never hides the real one.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The application name of every PostgreSQL connection the benchmark makes or starts (pgbench,
 * psql, the server under test inherit it through PGAPPNAME): othersCpu.ts counts the backends
 * named so as the benchmark's own and every other backend as other work.
 */
export const BENCH_APPLICATION = 'extranet-bench';
process.env.PGAPPNAME = BENCH_APPLICATION;

export const PG_SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const POLICIES = Number(process.env.BENCH_POLICIES ?? 1_000_000);
if (!Number.isInteger(POLICIES) || POLICIES < 1000)
  throw new Error('BENCH_POLICIES must be an integer ≥ 1000');

/**
 * The share of the brokers the first wholesaler (G0001, the `grossiste` account's) covers in the
 * sets whose scope grows (BENCH_SCOPE=grows, `npm run bench -- scope`): one broker of the 20 of a
 * 20,000-policy set, so the share is exact at every multiple of 20,000 (1,000 policies of 20,000,
 * 50,000 of 1,000,000).
 */
export const GROWS_SHARE = 0.05;

/**
 * BENCH_SCOPE: `fixed` (default), the generator's own sets, where G0001 covers 20 brokers
 * (20,000 policies) at every size from 20,000 up; `grows`, sets generated with
 * `--wholesaler-share` GROWS_SHARE, where G0001's scope grows with the set.
 */
export const scopeGrows = (fallback: 'fixed' | 'grows' = 'fixed'): boolean => {
  const value = process.env.BENCH_SCOPE || fallback;
  if (value !== 'fixed' && value !== 'grows')
    throw new Error(`BENCH_SCOPE must be fixed or grows, not ${value}`);
  return value === 'grows';
};

/** A generated set: its size, its database, and G0001's share of the brokers when it grows. */
export interface DatasetSpec {
  readonly policies: number;
  readonly db: string;
  readonly wholesalerShare?: number;
}

/**
 * The set of `policies` policies, in its own database: `bench_extranet` (1,000,000),
 * `bench_extranet_<n>`, or `bench_extranet_grows_<n>` when its wholesaler scope grows.
 */
export const datasetSpec = (policies: number, grows = scopeGrows()): DatasetSpec =>
  grows
    ? { policies, db: `bench_extranet_grows_${policies}`, wholesalerShare: GROWS_SHARE }
    : { policies, db: policies === 1_000_000 ? 'bench_extranet' : `bench_extranet_${policies}` };

/** The set of the benchmarks: BENCH_POLICIES and BENCH_SCOPE, in BENCH_DB when set. */
export const DATASET: DatasetSpec = {
  ...datasetSpec(POLICIES),
  ...(process.env.BENCH_DB ? { db: process.env.BENCH_DB } : {}),
};

/** The URL of database `name` on the benchmark's PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Seconds each load test runs (BENCH_SECONDS, default 20). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

/** Connection levels of the load tests, each measured in turn (BENCH_CONNECTIONS, default `8,32`). */
export const CONNECTION_LEVELS: readonly number[] = (process.env.BENCH_CONNECTIONS ?? '8,32')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

/** The most concurrent connections of a run (the server's pool is sized for it). */
export const CONNECTIONS = Math.max(...CONNECTION_LEVELS);

/**
 * Node flags for the server under test (BENCH_NODE_ARGS, space-separated). The default is the
 * flag `npm start` runs the server with (package.json), so the figures are the product's.
 */
export const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '--max-semi-space-size=8')
  .split(/\s+/)
  .filter(Boolean);

/** The Node 24 of the repository (process.execPath when already running on it). */
export const NODE = process.execPath;
