/**
 * Generate: `npm run generate`'s load (copyScaleSet: COPY first, indexes
 * after) against plain COPY of the same rows into the same migrated schema with the same indexes
 * (COPY … FROM files written once from the generated tables, then the same index builds with the
 * same sort memory), in
 * alternating rounds. Target: ≥ 0.5 of plain COPY. Size: BENCH_GENERATE_POLICIES (default 20,000).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED_TABLES } from '../../server/src/data/columns.ts';
import { copyScaleSet } from '../../server/src/data/copyLoad.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPostgres, withClient } from '../../server/src/db/postgres.ts';
import { alternate, describeSpread, noiseOf, spreadOf } from './lib/alternate.ts';
import { databaseUrl, PG_SERVER_URL } from './lib/env.ts';
import { check, fmt, ratioLine, table } from './lib/report.ts';

const POLICIES = Number(process.env.BENCH_GENERATE_POLICIES ?? 20_000);
const DB = `bench_generate_${POLICIES}`;
const url = databaseUrl(DB);
const files = mkdtempSync(join(tmpdir(), 'bench-generate-'));
chmodSync(files, 0o777); // written and read by the PostgreSQL server's own user
// The files are written and read by the PostgreSQL server: same machine (loopback) only.
const fileOf = (t: string) => join(files, `${t}.copy`);

async function fresh(): Promise<void> {
  await withClient(PG_SERVER_URL, async (admin) => {
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.query(`create database ${DB}`);
  });
  const db = openPostgres(url, 2);
  await migrate(db);
  await db.close();
}

/** One statement on a connection of its own (as copyScaleSet holds its own). */
const psql = (sql: string) => withClient(url, (client) => client.query(sql));

// The rows once, as files PostgreSQL reads directly (server-side COPY: no client in the way).
await fresh();
const first = await copyScaleSet(url, { policies: POLICIES, seed: 1, today: '2026-06-15' });
const rows =
  first.policies + first.assures + first.mouvements + first.events + first.statements + first.recapLines;
for (const t of GENERATED_TABLES) await psql(`copy ${t} to '${fileOf(t)}'`);
console.log(`${POLICIES} policies, ${rows} rows in ${GENERATED_TABLES.length} tables (files in ${files})`);

const generate = async () => {
  await fresh();
  const report = await copyScaleSet(url, { policies: POLICIES, seed: 1, today: '2026-06-15' });
  return { seconds: report.seconds, load: report.loadSeconds, index: report.indexSeconds };
};

/** Plain COPY of the same rows, the four big tables in parallel, then the same indexes after. */
const plainCopy = async () => {
  await fresh();
  const started = performance.now();
  const indexes = (
    await psql(`select indexname, indexdef from pg_indexes where schemaname = current_schema()
      and tablename = any('{${GENERATED_TABLES.join(',')},commission_pdf}') and indexname not in (select conname from pg_constraint)`)
  ).rows as { indexname: string; indexdef: string }[];
  await psql(`drop index ${indexes.map((i) => `"${i.indexname}"`).join(', ')}`);
  await psql('alter table police disable trigger user; alter table police_assure disable trigger user');
  await Promise.all(GENERATED_TABLES.slice(0, 4).map((t) => psql(`copy ${t} from '${fileOf(t)}'`)));
  for (const t of GENERATED_TABLES.slice(4)) await psql(`copy ${t} from '${fileOf(t)}'`);
  const loaded = performance.now();
  const queue = [...indexes];
  // Two builders, each on one connection for its whole share (a connection per index cost the
  // baseline about a third of its index phase), with the sort memory copyScaleSet gives its index
  // builds (server/src/data/copyLoad.ts).
  const worker = () =>
    withClient(url, async (client) => {
      await client.query("set maintenance_work_mem = '256MB'");
      for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.indexdef);
    });
  await Promise.all([worker(), worker()]);
  const indexed = performance.now();
  await psql(
    "alter table police enable trigger user; alter table police_assure enable trigger user; select scope_count_refresh('police'); select scope_count_refresh('police_assure'); analyze",
  );
  return {
    seconds: (performance.now() - started) / 1000,
    load: (loaded - started) / 1000,
    index: (indexed - loaded) / 1000,
  };
};

try {
  const { figures, loads, others } = await alternate([
    { name: 'generate', run: generate },
    { name: 'copy', run: plainCopy },
  ]);
  const gen = figures.get('generate')!;
  const copy = figures.get('copy')!;
  const ratios = spreadOf(gen.map((g, i) => copy[i]!.seconds / g.seconds));
  const loadRatios = spreadOf(gen.map((g, i) => copy[i]!.load / g.load));
  table([
    ['round', 'generate s (COPY + indexes)', 'plain COPY s (COPY + indexes)', 'load average'],
    ...gen.map((g, i) => [
      String(i + 1),
      `${fmt(g.seconds)} (${fmt(g.load)} + ${fmt(g.index)})`,
      `${fmt(copy[i]!.seconds)} (${fmt(copy[i]!.load)} + ${fmt(copy[i]!.index)})`,
      fmt(loads[i]!),
    ]),
  ]);
  console.log(`  rows/s, generate: ${fmt(rows / gen[0]!.seconds, 0)} (first round)`);
  console.log(`  generate / plain COPY, whole load: ${describeSpread(ratios)}`);
  console.log(`  generate / plain COPY, rows only (before indexes): ${describeSpread(loadRatios)}`);
  const noise = noiseOf([ratios], loads, others);
  if (noise.noisy) console.log(`  TOO NOISY TO COUNT: ${noise.why}`);
  console.log(
    check(
      'throughput',
      ratios.median >= 0.5,
      `${fmt(ratios.median * 100, 0)} % of plain COPY (target ≥ 50 %)${noise.noisy ? ' (not counted: too noisy)' : ''}`,
    ),
  );
  console.log(ratioLine(ratios.median, 'generate rows/s', 'plain COPY rows/s'));
} finally {
  rmSync(files, { recursive: true, force: true });
}
