/**
 * How much of the machine other work took while a contender ran: the busy time of every core
 * (/proc/stat) minus the time of this benchmark's own processes: this one, its children (reaped
 * ones included) and the PostgreSQL backends of its connections, known by their application
 * name (env.ts). Other people's backends, and the server's background processes, count as other
 * work. The load average cannot tell: pgbench's and the server's own processes count in it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** The PostgreSQL backends of the benchmark's connections now (none when no server answers). */
function ownBackends(): Set<number> {
  try {
    const pids = execFileSync(
      'psql',
      [
        PG_SERVER_URL,
        '-Atc',
        `select pid from pg_stat_activity where application_name = '${BENCH_APPLICATION}'`,
      ],
      { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return new Set(pids.split('\n').filter(Boolean).map(Number));
  } catch {
    return new Set();
  }
}

/** Ticks of this process, its descendants and the backends of its connections. */
function ownTicks(): number {
  const backends = ownBackends();
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
  return all.filter((p) => ours.has(p.pid) || backends.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0);
}

/** Starts a measure; the returned function gives the cores other work used on average since. */
export function othersCpu(): () => number {
  const started = performance.now();
  const busy = machineBusy();
  const own = ownTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const others = machineBusy() - busy - (ownTicks() - own);
    return seconds > 0 ? Math.max(0, others) / TICKS_PER_SECOND / seconds : 0;
  };
}
