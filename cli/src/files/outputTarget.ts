import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Deps } from '../deps.ts';
import { usageError } from '../errors.ts';

const isDir = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The absolute path to write to. A missing folder or a folder given as file is a usage error, and
 * so is an existing file unless `force` (never overwrite silently, as `cp -n` would not).
 */
export const outputTarget = (out: string, deps: Pick<Deps, 't'>, force = false): string => {
  const target = resolve(out);
  if (!isDir(dirname(target)) || isDir(target)) throw usageError(deps.t('cli.files.badOut', { file: out }));
  if (!force && existsSync(target)) throw usageError(deps.t('cli.files.exists', { file: out }));
  return target;
};
