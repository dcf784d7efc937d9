import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenStore } from '@extranet/core';

/** What `token.json` holds: the token is only ever sent back to the server that issued it. */
export interface SavedSession {
  readonly server: string;
  readonly token: string;
  readonly remember: boolean;
  readonly savedAt: string;
}

export interface FileTokenStore extends TokenStore {
  readonly path: string;
}

const readSession = (path: string): SavedSession | undefined => {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<SavedSession>;
    if (typeof value.token !== 'string' || typeof value.server !== 'string') return undefined;
    return value as SavedSession;
  } catch {
    return undefined; // absent or unreadable: simply not signed in
  }
};

/**
 * Core's `TokenStore` over `<dir>/token.json`, mode 0600 in a 0700 folder, written to a temporary
 * file and renamed so a crash never leaves half a token. A token saved for another server is
 * not loaded (it would leak to the wrong host) and is replaced by the next sign-in.
 */
export const fileTokenStore = (dir: string, server: string): FileTokenStore => {
  const path = join(dir, 'token.json');
  return {
    path,
    load: () => {
      const session = readSession(path);
      return session?.server === server ? session.token : undefined;
    },
    save: (token, remember) => {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const session: SavedSession = { server, token, remember, savedAt: new Date().toISOString() };
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
      chmodSync(temp, 0o600); // the umask may have widened it
      renameSync(temp, path);
    },
    clear: () => {
      const session = readSession(path);
      if (session === undefined || session.server === server) rmSync(path, { force: true });
    },
  };
};
