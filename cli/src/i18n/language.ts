/** Languages of the CLI, as in core: French by default (docs/product.md §1). */
export type CliLanguage = 'fr' | 'en';

/**
 * The language of messages: `EXTRANET_LANG`, else the POSIX locale variables; French unless
 * one of them asks for English.
 */
export const detectLanguage = (env: Readonly<Record<string, string | undefined>>): CliLanguage => {
  const value = env.EXTRANET_LANG || env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return value.toLowerCase().startsWith('en') ? 'en' : 'fr';
};
