import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Deps } from '../deps.ts';
import { usageError } from '../errors.ts';

/** The absolute path to write to; a missing folder or a folder given as file is a usage error. */
export const outputTarget = (out: string, deps: Pick<Deps, 't'>): string => {
  const target = resolve(out);
  const folder = dirname(target);
  const isDir = (path: string) => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  };
  if (!isDir(folder) || isDir(target)) throw usageError(deps.t('cli.files.badOut', { file: out }));
  return target;
};
