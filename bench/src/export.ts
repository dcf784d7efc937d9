/**
 * Export: N movements (default 1,000,000; BENCH_EXPORT_ROWS) as CSV through the API, against
 * `COPY (…) TO STDOUT WITH CSV` of the same rows (same table, same WHERE and ORDER BY), read by
 * psql, alternated BENCH_ROUNDS times (lib/alternate.ts). Goals: ≥ 80 % of COPY's rows/s (the
 * median round), server peak RSS < 300 MB whatever the count.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  alternate,
  describeOthers,
  describeSpread,
  median,
  noiseOf,
  ROUNDS,
  spreadOf,
} from './lib/alternate.ts';
import { captureRequest } from './lib/capture.ts';
import { BENCH_ADMIN, ensurePgDataset } from './lib/dataset.ts';
import { check, fmt, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const dataset = await ensurePgDataset();
const THROUGHPUT_GOAL = 0.8;
const wanted = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

// Movement ids are dense from 1 (bigserial filled by COPY): id ≤ N selects N rows.
const path = `/api/commission-mouvements/export.csv?id.lte=${wanted}&sort=id,asc`;
const capture = await captureRequest(dataset.url, BENCH_ADMIN.login, path);
// The server runs `copy (<select>) to stdout …` with its parameters in transaction settings.
const copyStatement = capture.statements.find((s) => s.sql.startsWith('copy ('));
if (!copyStatement) throw new Error('the export did not run COPY: is DATABASE_URL a PostgreSQL server?');
const settings = new Map(
  capture.statements
    .filter((s) => s.sql.includes('set_config('))
    .map((s) => [/'(extranet_export\.p\d+)'/.exec(s.sql)![1]!, String(s.params[0])]),
);
const literal = (value: string) => pg.Client.prototype.escapeLiteral(value);
/** The server's select with its parameters inlined (for psql). */
const serverSql = copyStatement.sql
  .slice('copy ('.length, copyStatement.sql.lastIndexOf(') to stdout'))
  .replace(/current_setting\('(extranet_export\.p\d+)'\)/g, (_, name: string) =>
    literal(settings.get(name)!),
  );
const fromIndex = serverSql.indexOf(' from commission_mouvement ');
// Baseline: the same rows and order, every column of the table, in PostgreSQL's own CSV writer.
const copySql = `copy (select *${serverSql.slice(fromIndex)}) to stdout with (format csv, header, delimiter ';')`;
// Second reference: the server's own statement under COPY, without Node and HTTP.
const copyLinesSql = `copy (${serverSql}) to stdout with (format csv, delimiter ';')`;

interface Timed {
  readonly seconds: number;
  readonly bytes: number;
  readonly lines: number;
}

function countLines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

function psqlCopy(sql: string): Promise<Timed> {
  const url = new URL(dataset.url);
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn('psql', [
      '-X',
      '-q',
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      url.username || 'postgres',
      '-d',
      url.pathname.slice(1),
      '-c',
      sql,
    ]);
    let bytes = 0;
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      lines += countLines(chunk);
    });
    child.stderr.pipe(process.stderr);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise({ seconds: (performance.now() - started) / 1000, bytes, lines })
        : reject(new Error(`psql exited ${code}`)),
    );
  });
}

function httpExport(url: string, token: string): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const req = request(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        lines += countLines(chunk);
      });
      response.on('end', () =>
        resolvePromise({ seconds: (performance.now() - started) / 1000, bytes, lines }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-export-')),
});
let rssBefore = 0;
let rssPeak = 0;
let rssCurve = '';
const serverCpuMs: number[] = [];
let run: Awaited<ReturnType<typeof alternate<Timed>>>;
try {
  const token = await signIn(server.url, BENCH_ADMIN.login);
  rssBefore = server.rssMb();
  // The API and both COPYs in turns, ROUNDS times: a burst of other work lands on each of them.
  run = await alternate<Timed>([
    {
      name: 'api',
      async run() {
        // RSS sampled during the export: flat memory means a plateau, not a slope.
        const samples: number[] = [];
        const sampler = setInterval(() => samples.push(server.rssMb()), 250);
        const cpuBefore = server.cpuMs();
        const timed = await httpExport(server.url, token);
        serverCpuMs.push(server.cpuMs() - cpuBefore);
        clearInterval(sampler);
        const at = (q: number) =>
          fmt(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN, 0);
        rssCurve = `RSS at 25/50/75/100 % of the last export: ${at(0.25)} / ${at(0.5)} / ${at(0.75)} / ${at(0.999)} MB`;
        return timed;
      },
    },
    { name: 'copy', run: () => psqlCopy(copySql) },
    { name: 'copyLines', run: () => psqlCopy(copyLinesSql) },
  ]);
  rssPeak = server.peakRssMb();
} finally {
  await server.close();
}
const apis = run.figures.get('api')!;
const copies = run.figures.get('copy')!;
const copyLines = run.figures.get('copyLines')!;

const rows = apis[0]!.lines - 1;
console.log(
  `Export benchmark: ${rows} movements of ${dataset.mouvements} (${dataset.url.replace(/^.*\//, '')}), ${ROUNDS} alternating rounds (medians)`,
);
console.log(`  GET ${path}`);
const rate = (t: Timed, n: number) => n / t.seconds;
const medianOf = (timed: readonly Timed[], n: number) => {
  const seconds = median(timed.map((t) => t.seconds));
  const bytes = timed[0]!.bytes;
  return [fmt(seconds, 2), fmt(n / seconds, 0), fmt(bytes / 1e6), fmt(bytes / 1e6 / seconds)];
};
table([
  ['', 'seconds', 'rows/s', 'MB', 'MB/s'],
  ['API (CSV, ; and French formats)', ...medianOf(apis, rows)],
  ['COPY … WITH CSV (all columns)', ...medianOf(copies, copies[0]!.lines - 1)],
  ["COPY of the server's SQL", ...medianOf(copyLines, copyLines[0]!.lines)],
]);
if (copies.some((c) => c.lines - 1 !== rows) || apis.some((a) => a.lines - 1 !== rows))
  console.log(`  WARNING: the rounds did not all give ${rows} rows`);
const ratios = apis.map((api, i) => rate(api, rows) / rate(copies[i]!, copies[i]!.lines - 1));
const spread = spreadOf(ratios);
const noise = noiseOf([spread], run.loads, run.others);
console.log(
  `  API / COPY per round: ${ratios.map((r) => fmt(r, 2)).join(', ')}; median ${describeSpread(spread)}`,
);
console.log(`  load average per round: ${run.loads.map((l) => fmt(l)).join(', ')}`);
console.log(`  other work per round: ${describeOthers(run.others)}`);
console.log(`  server RSS: ${fmt(rssBefore)} MB before, peak ${fmt(rssPeak)} MB\n  ${rssCurve}`);
// The server's own CPU for the export (from /proc): unlike the wall-clock ratio, it does not depend on the load.
console.log(
  `  server process CPU per export: ${fmt(median(serverCpuMs), 0)} ms (median; Node: COPY stream, CRLF, HTTP)`,
);
if (noise.noisy) console.log(`  TOO NOISY TO COUNT: ${noise.why}`);
console.log(
  check(
    'throughput',
    spread.median >= THROUGHPUT_GOAL,
    `${fmt(spread.median * 100, 0)} % of COPY (goal ≥ ${THROUGHPUT_GOAL * 100} %)`,
  ),
);
console.log(check('memory', rssPeak < 300, `peak RSS ${fmt(rssPeak)} MB (goal < 300 MB)`));
console.log(ratioLine(spread.median, 'API rows/s', 'COPY rows/s'));
