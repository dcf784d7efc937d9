/**
 * How much of the machine other work took while a contender ran: the busy time of every core
 * (/proc/stat) minus the time of this benchmark's own processes: this one, its children (reaped
 * ones included) and the PostgreSQL backends of its connections, known by their application
 * name (env.ts) and looked up through the round. Other people's backends, and the server's background processes, count as other
 * work. The load average cannot tell: pgbench's and the server's own processes count in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { BENCH_APPLICATION, PG_SERVER_URL } from './env.ts';

const TICKS_PER_SECOND = 100;

/** Busy ticks of all cores since boot. */
function machineBusy(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number) as number[];
  return user! + nice! + system! + irq! + softirq! + steal!;
}

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** utime + stime + cutime + cstime, in ticks. */
  readonly ticks: number;
}

function processes(): Proc[] {
  const all: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      // After the name: state, ppid, … utime (14), stime, cutime, cstime (17), 1-based fields.
      const rest = stat.slice(close + 2).split(' ');
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      all.push({ pid: Number(entry), ppid: Number(rest[1]), comm, ticks });
    } catch {
      // The process ended while it was read.
    }
  }
  return all;
}

/** Ticks of one process now, or undefined once it has ended. */
function ticksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
  } catch {
    return undefined;
  }
}

/** Ticks of this process and its descendants (reaped ones included in their parent's). */
function treeTicks(): number {
  const all = processes();
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!ours.has(p.pid) && ours.has(p.ppid)) {
        ours.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => ours.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0);
}

const POLL_MS = 100;

/**
 * Starts a measure; the returned function gives the cores other work used on average since.
 * The benchmark's backends come and go within a round (pgbench connects for each run), so they
 * are looked up every POLL_MS through one connection of its own, and each one's last ticks seen
 * are counted: a backend born in the round counts whole, one alive at the start from then on.
 * What a backend spends after its last look (at most POLL_MS) counts as other work, so the
 * measure errs against the benchmark, never for it.
 */
export function othersCpu(): () => Promise<number> {
  const started = performance.now();
  const busy = machineBusy();
  const tree = treeTicks();
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  /** Each backend's ticks when first seen (0 for one born after the start) and when last seen. */
  const backends = new Map<number, { first: number; last: number }>();
  const look = async (atStart: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [BENCH_APPLICATION],
    );
    for (const { pid } of rows) {
      const ticks = ticksOf(pid);
      if (ticks === undefined) continue;
      const known = backends.get(pid);
      if (known) known.last = ticks;
      else backends.set(pid, { first: atStart ? ticks : 0, last: ticks });
    }
  };
  const ready = client
    .connect()
    .then(() => look(true))
    .catch(() => undefined);
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = ready.then(() => look(false)).catch(() => undefined);
  }, POLL_MS);
  return async () => {
    clearInterval(timer);
    await polling;
    await ready.then(() => look(false)).catch(() => undefined);
    await client.end().catch(() => undefined);
    const seconds = (performance.now() - started) / 1000;
    let own = treeTicks() - tree;
    for (const { first, last } of backends.values()) own += last - first;
    const others = machineBusy() - busy - own;
    return seconds > 0 ? Math.max(0, others) / TICKS_PER_SECOND / seconds : 0;
  };
}
