/**
 * Runs once before the fleet test: finds Debian's HAProxy, PostgreSQL (with pg_basebackup) and
 * promtool, and installs whichever is missing with `apt-get install -y haproxy postgresql
 * prometheus` (root, as in CI), as the browser tests install Chromium. What could not be found
 * or installed is handed to the test, which says so when it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { PROMTOOL } from '../operations/promtool.ts';
import { HAPROXY } from './haproxy.ts';
import { postgresBin } from './postgres-pair.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the fleet cannot run here, or null when every tool is present. */
    fleetUnavailable: string | null;
  }
}

const missing = () =>
  [
    existsSync(HAPROXY) ? undefined : 'haproxy',
    postgresBin() ? undefined : 'postgresql',
    existsSync(PROMTOOL) ? undefined : 'prometheus',
  ].filter((p): p is string => p !== undefined);

function install(packages: readonly string[]): string | undefined {
  if (process.getuid?.() !== 0) return `${packages.join(', ')} missing and not root: cannot apt-get install`;
  const apt = (...args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    try {
      apt('install', '-y', '--no-install-recommends', ...packages);
    } catch {
      apt('update');
      apt('install', '-y', '--no-install-recommends', ...packages);
    }
  } catch (error) {
    return `apt-get install ${packages.join(' ')} failed: ${error instanceof Error ? error.message : error}`;
  }
  return undefined;
}

export default function setup(project: TestProject) {
  let reason: string | undefined;
  const packages = missing();
  if (packages.length > 0) {
    console.error(`[fleet] installing ${packages.join(', ')} with apt-get`);
    reason = install(packages);
    const still = missing();
    if (!reason && still.length > 0) reason = `still missing after apt-get: ${still.join(', ')}`;
  }
  if (!reason && process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres']);
    } catch {
      reason = 'no postgres user to run PostgreSQL as';
    }
  }
  if (reason) console.error(`[fleet] the fleet test cannot run: ${reason}`);
  project.provide('fleetUnavailable', reason ?? null);
}
