/**
 * Export: N movements (default 1,000,000; BENCH_EXPORT_ROWS) as CSV through the API, against
 * `COPY (…) TO STDOUT WITH CSV` of the same rows (same table, same WHERE and ORDER BY), read by
 * psql. Targets: ≥ 50 % of COPY's rows/s, server peak RSS < 300 MB whatever the count.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { captureRequest } from './lib/capture.ts';
import { BENCH_ADMIN, ensurePgDataset } from './lib/dataset.ts';
import { check, fmt, ratioLine, table } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const dataset = await ensurePgDataset();
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
let api: Timed;
let rssBefore: number;
let rssPeak: number;
let rssCurve = '';
let serverCpuMs: number;
try {
  const token = await signIn(server.url, BENCH_ADMIN.login);
  rssBefore = server.rssMb();
  // RSS sampled during the export: flat memory means a plateau, not a slope.
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rssMb()), 250);
  const cpuBefore = server.cpuMs();
  api = await httpExport(server.url, token);
  serverCpuMs = server.cpuMs() - cpuBefore;
  clearInterval(sampler);
  rssPeak = server.peakRssMb();
  const at = (q: number) =>
    fmt(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN, 0);
  rssCurve = `RSS at 25/50/75/100 % of the export: ${at(0.25)} / ${at(0.5)} / ${at(0.75)} / ${at(0.999)} MB`;
} finally {
  await server.close();
}
const copy = await psqlCopy(copySql);
const copyLines = await psqlCopy(copyLinesSql);

const rows = api.lines - 1;
console.log(
  `Export benchmark: ${rows} movements of ${dataset.mouvements} (${dataset.url.replace(/^.*\//, '')})`,
);
console.log(`  GET ${path}`);
const rate = (t: Timed, n: number) => n / t.seconds;
table([
  ['', 'seconds', 'rows/s', 'MB', 'MB/s'],
  [
    'API (CSV, ; and French formats)',
    fmt(api.seconds, 2),
    fmt(rate(api, rows), 0),
    fmt(api.bytes / 1e6),
    fmt(api.bytes / 1e6 / api.seconds),
  ],
  [
    'COPY … WITH CSV (all columns)',
    fmt(copy.seconds, 2),
    fmt(rate(copy, copy.lines - 1), 0),
    fmt(copy.bytes / 1e6),
    fmt(copy.bytes / 1e6 / copy.seconds),
  ],
  [
    "COPY of the server's SQL",
    fmt(copyLines.seconds, 2),
    fmt(rate(copyLines, copyLines.lines), 0),
    fmt(copyLines.bytes / 1e6),
    fmt(copyLines.bytes / 1e6 / copyLines.seconds),
  ],
]);
if (copy.lines - 1 !== rows) console.log(`  WARNING: COPY gave ${copy.lines - 1} rows, the API ${rows}`);
const ratio = rate(api, rows) / rate(copy, copy.lines - 1);
console.log(`  server RSS: ${fmt(rssBefore)} MB before, peak ${fmt(rssPeak)} MB\n  ${rssCurve}`);
// The server's own CPU for the export (from /proc): unlike the wall-clock ratio, it does not depend on the load.
console.log(`  server process CPU for the export: ${fmt(serverCpuMs, 0)} ms (Node: COPY stream, CRLF, HTTP)`);
console.log(check('throughput', ratio >= 0.5, `${fmt(ratio * 100, 0)} % of COPY (target ≥ 50 %)`));
console.log(check('memory', rssPeak < 300, `peak RSS ${fmt(rssPeak)} MB (target < 300 MB)`));
console.log(ratioLine(ratio, 'API rows/s', 'COPY rows/s'));
