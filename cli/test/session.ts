/** Signed-in config folders for the end-to-end suites, and direct API reads to compare against. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Session {
  readonly login: string;
  readonly token: string;
  /** An `EXTRANET_CONFIG_DIR` holding this session's token for `server`. */
  readonly configDir: string;
  /** Environment for `runBin` as this user. */
  readonly env: Record<string, string>;
}

/** Signs in through the API (the bin's own login is covered by session.test.ts) and keeps the token as the CLI does. */
export const sessionFor = async (server: string, login: string, password = login): Promise<Session> => {
  const response = await fetch(new URL('api/authenticate', server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  const { id_token: token } = (await response.json()) as { id_token: string };
  const configDir = mkdtempSync(join(tmpdir(), `extranet-cli-${login}-`));
  writeFileSync(join(configDir, 'token.json'), JSON.stringify({ server, token, remember: false }), {
    mode: 0o600,
  });
  return { login, token, configDir, env: { EXTRANET_URL: server, EXTRANET_CONFIG_DIR: configDir } };
};

/** GETs a server path as a session, for comparing the CLI's output with the server's data. */
export const apiGet = async (server: string, session: Session, path: string) => {
  const response = await fetch(new URL(path, server), {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response;
};
