import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the CLI keeps its state: `EXTRANET_CONFIG_DIR` (tests, several identities), else
 * `$XDG_CONFIG_HOME/extranet`, else `~/.config/extranet`.
 */
export const configDir = (env: Readonly<Record<string, string | undefined>>): string => {
  if (env.EXTRANET_CONFIG_DIR) return env.EXTRANET_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'extranet');
};
