/**
 * Measuring on a busy machine: the contenders run in turns, A B C A B C …, so
 * a burst of someone else's work lands on all of them rather than on one; each round gives a
 * ratio, and the verdict is the median ratio with its spread (lowest–highest) and the load
 * average of each round. A run is called too noisy when the ratios of its rounds disagree by
 * more than a third of their median, or when other work took more than a quarter of the machine
 * during a round (othersCpu.ts; the load average counts the benchmark's own processes, so it is
 * printed, not judged).
 */
import { cpus, loadavg } from 'node:os';
import { othersCpu } from './othersCpu.ts';
import { fmt } from './report.ts';

/** Rounds of each comparison (BENCH_ROUNDS, default 3). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

export interface Spread {
  readonly median: number;
  readonly low: number;
  readonly high: number;
  /** (high − low) / median. */
  readonly relative: number;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const spreadOf = (values: readonly number[]): Spread => {
  const m = median(values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return { median: m, low, high, relative: m > 0 ? (high - low) / m : Number.POSITIVE_INFINITY };
};

/** `0.72 (0.65–0.80)`. */
export const describeSpread = (s: Spread, digits = 2): string =>
  `${fmt(s.median, digits)} (${fmt(s.low, digits)}–${fmt(s.high, digits)})`;

export interface Noise {
  readonly noisy: boolean;
  readonly loads: readonly number[];
  readonly why: string;
}

/** Other work above this share of the machine in a round makes the run too noisy to count. */
const OTHERS_MAX_SHARE = 0.25;

/** Whether the rounds agree enough, and the machine was calm enough, for the ratio to count. */
export function noiseOf(
  ratios: readonly Spread[],
  loads: readonly number[],
  others: readonly number[],
): Noise {
  const cores = cpus().length;
  const worst = Math.max(...ratios.map((r) => r.relative));
  const busiest = Math.max(...others);
  const reasons: string[] = [];
  if (worst > 1 / 3) reasons.push(`ratios of the rounds differ by ${fmt(worst * 100, 0)} % of their median`);
  if (busiest > OTHERS_MAX_SHARE * cores)
    reasons.push(`other work took ${fmt(busiest)} of the ${cores} cores in a round`);
  return { noisy: reasons.length > 0, loads, why: reasons.join('; ') };
}

/** `0.12, 0.40 cores`. */
export const describeOthers = (others: readonly number[]): string =>
  `${others.map((o) => fmt(o)).join(', ')} cores`;

/** The one-minute load average now. */
export const load1 = (): number => loadavg()[0]!;

/**
 * Runs `contenders` in turn for `rounds` rounds; returns each contender's figures per round, the
 * load average at the start of each round and the cores other work used during it.
 */
export async function alternate<T>(
  contenders: readonly { readonly name: string; run(): Promise<T> }[],
  rounds = ROUNDS,
  log: (line: string) => void = console.log,
): Promise<{ figures: Map<string, T[]>; loads: number[]; others: number[] }> {
  const figures = new Map<string, T[]>(contenders.map((c) => [c.name, []]));
  const loads: number[] = [];
  const others: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    loads.push(load1());
    const measure = othersCpu();
    for (const contender of contenders) figures.get(contender.name)!.push(await contender.run());
    others.push(await measure());
    log(
      `    round ${round}/${rounds} done, load average ${fmt(loads.at(-1)!)}, other work ${fmt(others.at(-1)!)} cores`,
    );
  }
  return { figures, loads, others };
}
