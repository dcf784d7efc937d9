// Builds the web app when web/dist is missing or older than the sources it is made from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'core/src'];

const newest = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
};

/** True when a build ran (or was needed and failed: then it throws). */
export function ensureWebBuilt(log: (line: string) => void = console.log): boolean {
  const builtAt = newest(join(root, 'web/dist/index.html'));
  const changedAt = Math.max(...sources.map((source) => newest(join(root, source))));
  if (builtAt > changedAt) return false;
  log(builtAt === 0 ? 'Building the web app…' : 'Web sources changed: rebuilding the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@extranet/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web app did not build (npm run build -w @extranet/web)');
  return true;
}

if (process.argv[1] === new URL(import.meta.url).pathname) ensureWebBuilt();
