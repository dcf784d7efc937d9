import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenStore as Tokens } from '@extranet/core/api/config.ts';
import { CliError, ExitCode } from '../errors.ts';
import type { Translator } from '../i18n/translate.ts';

/** One kept session: the token is only ever sent back to the server that issued it. */
export interface SavedSession {
  readonly token: string;
  readonly remember: boolean;
  readonly savedAt: string;
}

/** `token.json`: one session per server, so named servers (contexts) keep theirs side by side. */
interface TokenFile {
  readonly sessions: Readonly<Record<string, SavedSession>>;
}

export interface TokenStore extends Tokens {
  readonly path: string;
  /** `env` when `EXTRANET_TOKEN` gives the token (CI): it is never written nor deleted. */
  readonly source: 'file' | 'env';
  /** The servers with a kept session (for `context list`). */
  servers(): string[];
}

/** Reads the file; the single-session shape of earlier versions (`{server, token}`) still loads. */
const readFile = (path: string): TokenFile => {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    if (typeof value.sessions === 'object' && value.sessions !== null) return value as unknown as TokenFile;
    if (typeof value.token === 'string' && typeof value.server === 'string') {
      const { server, token, remember, savedAt } = value as {
        server: string;
        token: string;
        remember?: boolean;
        savedAt?: string;
      };
      return { sessions: { [server]: { token, remember: remember === true, savedAt: savedAt ?? '' } } };
    }
  } catch {
    // absent or unreadable: simply not signed in
  }
  return { sessions: {} };
};

/**
 * The token file, mode 0600 in a 0700 folder, written to a temporary file and renamed so a crash
 * never leaves half a token. A file that others may read (a copy, a wide umask) is repaired to
 * 0600 with a warning, or refused when it cannot be (as ssh refuses a readable key).
 */
export const fileTokenStore = (
  dir: string,
  server: string,
  t: Translator,
  warn: (line: string) => void,
): TokenStore => {
  const path = join(dir, 'token.json');
  let checked = false;
  const checkMode = () => {
    if (checked) return;
    checked = true;
    let mode: number;
    try {
      mode = statSync(path).mode & 0o777;
    } catch {
      return; // no file yet
    }
    if ((mode & 0o077) === 0) return;
    try {
      chmodSync(path, 0o600);
    } catch {
      throw new CliError(t('cli.session.unsafeFile', { path, mode: mode.toString(8) }), ExitCode.auth);
    }
    warn(t('cli.session.repairedFile', { path, mode: mode.toString(8) }));
  };
  const write = (file: TokenFile) => {
    if (Object.keys(file.sessions).length === 0) {
      rmSync(path, { force: true });
      return;
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600); // the umask may have widened it
    renameSync(temp, path);
  };
  return {
    path,
    source: 'file',
    load: () => {
      checkMode();
      return readFile(path).sessions[server]?.token;
    },
    save: (token, remember) => {
      const { sessions } = readFile(path);
      write({ sessions: { ...sessions, [server]: { token, remember, savedAt: new Date().toISOString() } } });
    },
    replace: (token) => {
      const { sessions } = readFile(path);
      const remember = sessions[server]?.remember === true;
      write({ sessions: { ...sessions, [server]: { token, remember, savedAt: new Date().toISOString() } } });
    },
    clear: () => {
      const { sessions } = readFile(path);
      if (!(server in sessions)) return;
      const { [server]: _gone, ...others } = sessions;
      write({ sessions: others });
    },
    servers: () => Object.keys(readFile(path).sessions),
  };
};

/** `EXTRANET_TOKEN` (CI jobs): the token from the environment; nothing is written. */
export const envTokenStore = (token: string, fallback: TokenStore): TokenStore => ({
  path: fallback.path,
  source: 'env',
  load: () => token,
  save: () => {},
  replace: () => {},
  clear: () => {},
  servers: fallback.servers,
});
