import { usageError } from './errors.ts';
import type { Translator } from './i18n/translate.ts';
import { readContexts } from './session/contexts.ts';

export const DEFAULT_SERVER = 'http://localhost:8080/';

/** A server URL normalised to end in `/`; anything but http(s) is a usage error. */
export const normaliseServer = (value: string, t: Translator): string => {
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

export interface ServerChoice {
  readonly server: string;
  /** The context it came from, if any. */
  readonly context?: string;
}

/**
 * The server of this invocation, the most explicit first: `--server`, `--context`, `EXTRANET_URL`,
 * `EXTRANET_CONTEXT`, the current context (`extranet context use`), else the default.
 */
export const resolveServer = (
  options: { readonly server?: string; readonly context?: string },
  env: Readonly<Record<string, string | undefined>>,
  configDir: string,
  t: Translator,
): ServerChoice => {
  if (options.server) return { server: normaliseServer(options.server, t) };
  const named = (name: string): ServerChoice => {
    const { contexts } = readContexts(configDir);
    const context = contexts[name];
    if (context === undefined) {
      const known = Object.keys(contexts).join(', ') || '—';
      throw usageError(t('cli.context.unknown', { name, known }));
    }
    return { server: normaliseServer(context.server, t), context: name };
  };
  if (options.context) return named(options.context);
  if (env.EXTRANET_URL) return { server: normaliseServer(env.EXTRANET_URL, t) };
  if (env.EXTRANET_CONTEXT) return named(env.EXTRANET_CONTEXT);
  const { current } = readContexts(configDir);
  if (current !== undefined && readContexts(configDir).contexts[current] !== undefined) return named(current);
  return { server: DEFAULT_SERVER };
};
