import { usageError } from './errors.ts';
import type { Translator } from './i18n/translate.ts';

export const DEFAULT_SERVER = 'http://localhost:8080/';

/** The server's base URL from `--server`, else `EXTRANET_URL`, else the default; always ending in `/`. */
export const resolveServer = (
  option: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  t: Translator,
): string => {
  const value = option || env.EXTRANET_URL || DEFAULT_SERVER;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(t('cli.errors.badServer', { value }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(t('cli.errors.badServer', { value }));
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.toString();
};
