/**
 * Embedded copy: what PGlite in its worker thread (db/pglite-thread.ts) costs the server's thread
 * per statement, against PGlite run in that thread. Busy time is the event loop's own
 * (performance.eventLoopUtilization): in the thread it is the whole statement, with the worker
 * only the message and the structured clone of the rows. The ratio says how much of the
 * server's thread the worker leaves free; other work on the machine is printed.
 */
import { openPglite } from '../../server/src/db/pglite.ts';
import { othersCpu } from './lib/othersCpu.ts';
import { fmt, ratioLine, table } from './lib/report.ts';

const columns = `g AS id, md5(g::text) AS a, md5((g + 1)::text) AS b, now() AS at, g::numeric(12, 2) AS money,
  current_date AS day, '{"k": 1}'::jsonb AS doc, repeat('x', 40) AS label`;
const statements = [
  { name: 'one value', sql: 'SELECT $1::int AS x', runs: 1000 },
  {
    name: 'a page of 10 rows, 8 columns',
    sql: `SELECT ${columns} FROM generate_series(1, 10) g WHERE g > $1`,
    runs: 1000,
  },
  {
    name: '1,000 rows, 8 columns',
    sql: `SELECT ${columns} FROM generate_series(1, 1000) g WHERE g > $1`,
    runs: 100,
  },
];

const thread = await openPglite('memory://');
const worker = await openPglite('memory://', { worker: true });
const rows: string[][] = [
  ['statement', 'thread ms', 'worker ms', "server's thread busy, worker ms", 'other work (cores)'],
];
let pageRatio = 0;
try {
  for (const { name, sql, runs } of statements) {
    const others = othersCpu();
    const measured = [];
    for (const db of [thread, worker]) {
      for (let i = 0; i < 20; i++) await db.query(sql, [0]);
      const busy = performance.eventLoopUtilization();
      const started = performance.now();
      for (let i = 0; i < runs; i++) await db.query(sql, [0]);
      measured.push({
        ms: (performance.now() - started) / runs,
        busyMs: performance.eventLoopUtilization(busy).active / runs,
      });
    }
    const [inThread, inWorker] = measured as [(typeof measured)[0], (typeof measured)[0]];
    if (name.startsWith('a page')) pageRatio = inWorker.busyMs / inThread.busyMs;
    rows.push([
      name,
      fmt(inThread.ms, 3),
      fmt(inWorker.ms, 3),
      fmt(inWorker.busyMs, 3),
      fmt(await others(), 1),
    ]);
  }
} finally {
  await Promise.all([thread.close(), worker.close()]);
}
table(rows);
console.log(
  ratioLine(
    pageRatio,
    "server's thread busy per page, worker",
    "server's thread busy per page, PGlite in it",
  ),
);
