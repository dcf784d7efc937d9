/**
 * Fleet: lists per second of one, two and three instances behind HAProxy over one PostgreSQL
 * primary and its streaming replica (the fleet test's set-up, server/test/fleet/fleet.ts), 32
 * connections paging through the grossiste's policies, in alternating rounds; with the CPU each
 * part used (instances, PostgreSQL, HAProxy, the load generator), which says where the cores
 * went. Then a soak of the three instances where one is killed with SIGKILL a third of the way
 * through: requests failed, and p99 before, in the 5 s after the kill, and after.
 *
 *   npm run bench -- fleet    # BENCH_SECONDS (default 20) a run, BENCH_ROUNDS (default 3) rounds
 *
 * Every instance runs for the whole benchmark; the one- and two-instance runs go through an
 * HAProxy that lists only the first one or two, so every run has the same warm processes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/ensure-postgres.ts';
import { startFleet, startPair } from '../../server/test/fleet/fleet.ts';
import { type Haproxy, startHaproxy } from '../../server/test/fleet/haproxy.ts';
import { alternate, describeSpread, noiseOf, ROUNDS, spreadOf } from './lib/alternate.ts';
import { SECONDS } from './lib/env.ts';
import { loadTest } from './lib/load.ts';
import { fmt, percentile, ratioLine, table } from './lib/report.ts';
import { signIn } from './lib/server.ts';

const CONNECTIONS = 32;
const SIZES = [1, 2, 3] as const;
/** Ten pages of twenty, in two sorts: the portfolio screen as a wholesaler pages through it. */
const PATHS = ['dateCreation,desc', 'idPolice,asc'].flatMap((sort) =>
  Array.from({ length: 10 }, (_, page) => `/api/police?page=${page}&size=20&sort=${sort}`),
);

/** Fields of /proc/<pid>/stat after the command name (so index 11 is utime); [] once it is gone. */
function statOf(pid: number): string[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** CPU seconds (user + system) of a process so far; 0 once it is gone. Ticks are 1/100 s. */
function cpuSeconds(pid: number): number {
  const fields = statOf(pid);
  return fields.length ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/**
 * CPU seconds of every PostgreSQL process of the machine so far: each live process's own, plus
 * what its ended children used (a postmaster's cutime and cstime hold its backends that exited,
 * as the pool closes idle connections), so the sum only grows.
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let comm = '';
    try {
      comm = readFileSync(`/proc/${name}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const fields = statOf(Number(name));
    if (fields.length) total += fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  }
  return total;
}

/** CPU seconds the whole machine spent busy so far (every core, every process: /proc/stat). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

const pair = await startPair();
const fleet = await startFleet({ instances: 3, pair, env: { SIGNIN_LIMIT_PER_IP: '100000' } });
const proxies: Haproxy[] = [];
try {
  const token = await signIn(fleet.proxy.url, 'grossiste');
  const authorization = `Bearer ${token}`;
  const backends = fleet.instances.map((instance, i) => ({
    name: `extranet-${i + 1}`,
    port: Number(new URL(instance.url).port),
  }));
  for (const size of SIZES)
    proxies.push(await startHaproxy(await freePort(), backends.slice(0, size), { log: false }));

  /** CPU seconds of each part so far (PostgreSQL's backends come and go: summed over the run's end). */
  const cpu = () => ({
    instances: fleet.instances.reduce((sum, instance) => sum + cpuSeconds(instance.child.pid!), 0),
    postgres: postgresCpuSeconds(),
    haproxy: proxies.reduce((sum, proxy) => sum + cpuSeconds(proxy.pid), 0),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    machine: machineBusySeconds(),
  });
  type Cpu = ReturnType<typeof cpu>;
  const used = (before: Cpu, after: Cpu, seconds: number) =>
    Object.fromEntries(
      (Object.keys(before) as (keyof Cpu)[]).map((k) => [k, (after[k] - before[k]) / seconds]),
    ) as Cpu;

  console.log(
    `fleet: ${SIZES.join(', ')} instances behind HAProxy, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds, ${PATHS.length} list pages of the grossiste`,
  );
  const run = (size: number) => async () => {
    const started = performance.now();
    const before = cpu();
    const result = await loadTest({
      url: proxies[size - 1]!.url,
      paths: PATHS,
      token,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    return { ...result, cores: used(before, cpu(), (performance.now() - started) / 1000) };
  };
  const { figures, loads, others } = await alternate(
    SIZES.map((size) => ({ name: String(size), run: run(size) })),
    ROUNDS,
  );
  const rows = [
    [
      'instances',
      'lists/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'cores: instances',
      'postgres',
      'haproxy',
      'generator',
      'ours',
      'machine',
    ],
  ];
  for (const size of SIZES) {
    const runs = figures.get(String(size))!;
    const median = (pick: (r: (typeof runs)[number]) => number) => spreadOf(runs.map(pick)).median;
    const cores = (key: keyof Cpu) => median((r) => r.cores[key]);
    rows.push([
      String(size),
      describeSpread(spreadOf(runs.map((r) => r.requestsPerSecond)), 0),
      fmt(median((r) => r.p50Ms)),
      fmt(median((r) => r.p99Ms)),
      String(runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0)),
      fmt(cores('instances'), 2),
      fmt(cores('postgres'), 2),
      fmt(cores('haproxy'), 2),
      fmt(cores('generator'), 2),
      fmt(
        median((r) => r.cores.instances + r.cores.postgres + r.cores.haproxy + r.cores.generator),
        2,
      ),
      fmt(cores('machine'), 2),
    ]);
  }
  table(rows);
  const ratios = SIZES.slice(1).map((size) =>
    spreadOf(
      figures.get(String(size))!.map((r, i) => r.requestsPerSecond / figures.get('1')![i]!.requestsPerSecond),
    ),
  );
  SIZES.slice(1).forEach((size, i) => {
    console.log(`  ${size} instances vs 1: ${describeSpread(ratios[i]!)} (median of the rounds' ratios)`);
  });
  const noise = noiseOf(ratios, loads, others);
  console.log(
    `  cores: CPU seconds a second of each part; "ours" is their sum, "machine" every process on the ${cpus().length} cores (the rest is other work)`,
  );
  console.log(
    `  load average at each round's start: ${loads.map((l) => fmt(l)).join(', ')}${noise.noisy ? `; too noisy to count: ${noise.why}` : ''}`,
  );

  // Soak: the three instances, one killed a third of the way through.
  const soakSeconds = Math.max(15, SECONDS);
  const killAt = Math.round(soakSeconds / 3);
  console.log(
    `soak: 3 instances, ${CONNECTIONS} connections, ${soakSeconds} s, extranet-2 killed (SIGKILL) at ${killAt} s`,
  );
  const samples: { at: number; ms: number }[] = [];
  let failed = 0;
  const start = performance.now();
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const soak = autocannon(
    {
      url: proxies[2]!.url,
      connections: CONNECTIONS,
      duration: soakSeconds,
      headers: { authorization },
      requests: PATHS.map((path) => ({ method: 'GET', path })),
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  soak.on('response', (_client, status, _bytes, ms) => {
    samples.push({ at: (performance.now() - start) / 1000, ms });
    if (status < 200 || status >= 300) failed += 1;
  });
  soak.on('reqError', () => {
    failed += 1;
  });
  const killer = setTimeout(() => void fleet.instances[1]!.kill(), killAt * 1000);
  const result = await done;
  clearTimeout(killer);
  const p99 = (from: number, to: number) =>
    percentile(
      samples
        .filter((s) => s.at >= from && s.at < to)
        .map((s) => s.ms)
        .sort((a, b) => a - b),
      0.99,
    );
  console.log(
    `  requests ${result.requests.total}, failed ${failed} (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
  );
  console.log(
    `  p99 ms: before the kill ${fmt(p99(0, killAt))}, in the 5 s after ${fmt(p99(killAt, killAt + 5))}, after ${fmt(p99(killAt + 5, soakSeconds + 1))}`,
  );
  const medianOf3 = ratios[1]!.median;
  console.log(ratioLine(medianOf3, '3 instances', '1 instance'));
} finally {
  for (const proxy of proxies) await proxy.stop();
  await fleet.close();
  pair.destroy();
}
