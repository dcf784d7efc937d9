/**
 * `npm run bench -- cli-start [runs]`: start time of `extranet --help` (issue 7: under 300 ms),
 * the median of N runs of the real bin in a child process, against a bare `node -e ''` (the
 * floor no CLI can beat on this machine). A warm-up run fills Node's compile cache first, as a
 * user's second command would find it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/bin/extranet.js', import.meta.url));
const BUDGET_MS = 300;
const runs = Number(process.argv[2] ?? 15);

const time = (args: readonly string[]): number => {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const measure = (label: string, args: readonly string[]) => {
  time(args); // warm-up
  const samples = Array.from({ length: runs }, () => time(args));
  const result = { label, median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
  console.log(
    `${label.padEnd(24)} median ${result.median.toFixed(0).padStart(5)} ms  min ${result.min.toFixed(0).padStart(5)} ms  max ${result.max.toFixed(0).padStart(5)} ms`,
  );
  return result;
};

console.log(`CLI start time, ${runs} runs each (Node ${process.version})`);
const bare = measure("node -e ''", ['-e', '']);
const help = measure('extranet --help', [BIN, '--help']);
measure('extranet --version', [BIN, '--version']);
const verdict = help.median <= BUDGET_MS ? 'within' : 'OVER';
console.log(`extranet --help: ${help.median.toFixed(0)} ms, ${verdict} the ${BUDGET_MS} ms budget`);
console.log(`ratio: ${(help.median / bare.median).toFixed(2)} (extranet --help vs bare node start)`);
