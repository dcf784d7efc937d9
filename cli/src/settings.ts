import { usageError } from './errors.ts';
import type { Translator } from './i18n/translate.ts';

/** The environment variables the CLI reads, checked before anything runs (docs/cli.md). */
export interface Settings {
  /** `EXTRANET_TIMEOUT`: ms before a silent server counts as unreachable. */
  readonly timeoutMs: number;
  /** `EXTRANET_DEBUG` or `--debug`: each HTTP call on stderr, secrets hidden. */
  readonly debug: boolean;
  /** `EXTRANET_TOKEN`: a token for CI jobs, used instead of the token file. */
  readonly token: string | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 24 * 3600 * 1000;

const FLAGS: Readonly<Record<string, boolean>> = {
  '': false,
  '0': false,
  false: false,
  '1': true,
  true: true,
};

/** Reads and validates the environment; a bad value is a usage error naming the variable. */
export const readSettings = (
  env: Readonly<Record<string, string | undefined>>,
  t: Translator,
  debugOption = false,
): Settings => {
  const timeout = env.EXTRANET_TIMEOUT ?? '';
  if (timeout !== '' && (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > MAX_TIMEOUT_MS)) {
    throw usageError(t('cli.env.badTimeout', { value: timeout }));
  }
  const debug = (env.EXTRANET_DEBUG ?? '').toLowerCase();
  if (!(debug in FLAGS)) throw usageError(t('cli.env.badFlag', { name: 'EXTRANET_DEBUG', value: debug }));
  const lang = env.EXTRANET_LANG ?? '';
  if (!['', 'fr', 'en'].includes(lang.toLowerCase().slice(0, 2)) || (lang !== '' && lang.length < 2)) {
    throw usageError(t('cli.env.badLang', { value: lang }));
  }
  const token = (env.EXTRANET_TOKEN ?? '').trim();
  // A session's JWT, or a personal access token (docs/integrations.md).
  if (token !== '' && !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token) && !/^ext_pat_[\w-]{43}$/.test(token)) {
    throw usageError(t('cli.env.badToken'));
  }
  return {
    timeoutMs: timeout === '' ? DEFAULT_TIMEOUT_MS : Number(timeout),
    debug: debugOption || FLAGS[debug] === true,
    token: token === '' ? undefined : token,
  };
};
