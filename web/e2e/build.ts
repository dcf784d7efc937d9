import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under the given files and folders (node_modules skipped). */
const newest = (paths: readonly string[]): number => {
  let latest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return latest;
};

/**
 * Builds the web app when `web/dist` is missing or older than its sources (the web's own and
 * core's, which the bundle contains). Returns whether a build ran.
 */
export const ensureWebBuilt = async (webDir: string): Promise<boolean> => {
  const built = join(webDir, 'dist', 'index.html');
  const sources = [
    join(webDir, 'src'),
    join(webDir, 'index.html'),
    join(webDir, 'public'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'scripts'),
    join(webDir, '..', 'core', 'src'),
    join(webDir, '..', 'core', 'package.json'),
  ];
  if (existsSync(built) && statSync(built).mtimeMs >= newest(sources)) return false;
  // A child process: the test runner's NODE_ENV=test would otherwise give a development bundle.
  execFileSync(
    process.execPath,
    [join(webDir, '..', 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return true;
};
