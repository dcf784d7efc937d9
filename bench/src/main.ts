/**
 * `npm run bench -- <name> [args…]`: runs `bench/src/<name>.ts`. Each benchmark prepares its own
 * data set when absent, prints its figures and ends with `ratio: <x> (<server> vs <baseline>)`.
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const names = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'main.ts' && file !== 'index.ts')
  .map((file) => file.slice(0, -3))
  .sort();

const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run bench -- <name>\nbenchmarks: ${names.join(', ')}`);
  process.exit(2);
}
// Figures on a shared machine depend on what else runs: say how busy it was.
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(
  `${name} on ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${load()}`,
);
process.on('exit', () => console.log(`load average at the end: ${load()}`));
// The benchmark reads its own arguments after the name.
process.argv.splice(2, 1);
await import(pathToFileURL(`${here}/${name}.ts`).href);
