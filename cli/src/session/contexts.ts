import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `config.json`: named servers, as `kubectl config` contexts and `gh auth` hosts. */
export interface ContextsFile {
  readonly current?: string;
  readonly contexts: Readonly<Record<string, { readonly server: string }>>;
}

export const contextsPath = (dir: string) => join(dir, 'config.json');

export const readContexts = (dir: string): ContextsFile => {
  try {
    const value = JSON.parse(readFileSync(contextsPath(dir), 'utf8')) as Partial<ContextsFile>;
    if (typeof value.contexts === 'object' && value.contexts !== null) {
      return {
        contexts: value.contexts,
        ...(typeof value.current === 'string' ? { current: value.current } : {}),
      };
    }
  } catch {
    // absent or unreadable: no contexts
  }
  return { contexts: {} };
};

export const writeContexts = (dir: string, file: ContextsFile): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = contextsPath(dir);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, path);
};

/** A context name: letters, digits, `.`, `_`, `-` (it appears in prompts and file keys). */
export const CONTEXT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
