import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's promtool (package `prometheus`); never a downloaded binary (TOOLCHAIN). */
export const PROMTOOL = '/usr/bin/promtool';

/**
 * Installs Debian's prometheus package when promtool is absent (needs root, as in CI), as the
 * browser tests install Chromium. Returns why it could not, for the skip message.
 */
export function ensurePromtool(): string | undefined {
  if (existsSync(PROMTOOL)) return undefined;
  try {
    const apt = (...args: string[]) =>
      execFileSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'prometheus');
  } catch (error) {
    return `promtool could not be installed (apt-get install prometheus: ${error instanceof Error ? error.message : error})`;
  }
  return existsSync(PROMTOOL) ? undefined : `apt-get installed prometheus but ${PROMTOOL} is missing`;
}

/** `promtool check metrics` over an exposition: its exit status and every problem it prints. */
export function checkMetrics(exposition: string): { status: number | null; problems: string } {
  const result = spawnSync(PROMTOOL, ['check', 'metrics'], { input: exposition, encoding: 'utf8' });
  return { status: result.status, problems: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * `promtool <args…>` run in `cwd` (rule files name their neighbours relative to it): its exit
 * status and everything it printed.
 */
export function promtool(cwd: string, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}
