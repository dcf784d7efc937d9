import { plainText } from '@extranet/core/i18n/plainText.ts';
import type { CliLanguage } from './language.ts';
import { en } from './messages.en.ts';
import { fr } from './messages.fr.ts';

export interface MessageLike {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface Translator {
  readonly language: CliLanguage;
  (key: string, params?: Readonly<Record<string, string | number>>): string;
  /** A core `MessageRef` as terminal text (HTML such as `<strong>` removed). */
  message(ref: MessageLike): string;
  /** Adds core's shared resources (loaded when a command runs, so `--help` stays fast). */
  addResources(resources: Record<string, { translation: Record<string, unknown> }>): void;
}

type Tree = { [key: string]: unknown };
type Resources = Record<string, { translation: Record<string, unknown> }>;

/** The text at a dotted key; like i18next, a name may itself hold dots (`eventNames.statement.created`). */
const lookup = (tree: Tree, key: string): string | undefined => {
  const parts = key.split('.');
  const walk = (node: unknown, from: number): string | undefined => {
    if (from === parts.length) return typeof node === 'string' ? node : undefined;
    if (typeof node !== 'object' || node === null) return undefined;
    for (let to = from + 1; to <= parts.length; to++) {
      const child = (node as Tree)[parts.slice(from, to).join('.')];
      const found = child === undefined ? undefined : walk(child, to);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(tree, 0);
};

const merge = (into: Tree, from: Tree) => {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value === 'object' && value !== null && typeof current === 'object' && current !== null) {
      merge(current as Tree, value as Tree);
    } else if (!(key in into)) into[key] = value;
  }
};

/**
 * The CLI's texts and core's, looked up by dotted key with `{{name}}` interpolation, French as
 * the fallback, the key itself when no language has it, and i18next's plural keys (`key_one`,
 * `key_other`, chosen by `Intl.PluralRules` from a numeric `count`): the part of i18next the texts
 * use (no nesting; `translate.test.ts` checks it). i18next itself costs a tenth of a second at
 * each start; the web keeps it.
 */
export const createTranslator = (language: CliLanguage, shared?: () => Resources): Translator => {
  const bundles: Record<CliLanguage, Tree> = {
    fr: structuredClone({ cli: fr.cli }) as Tree,
    en: structuredClone({ cli: en.cli }) as Tree,
  };
  const plural = new Intl.PluralRules(language);
  const find = (key: string) => lookup(bundles[language], key) ?? lookup(bundles.fr, key);
  const findCounted = (key: string, count: unknown) =>
    (typeof count === 'number'
      ? (find(`${key}_${plural.select(count)}`) ?? find(`${key}_other`))
      : undefined) ?? find(key);
  // Core's shared texts (error messages, sign-in labels) load at the first key the CLI's own
  // texts lack: a command that succeeds never pays for them.
  let pending = shared;
  const t = ((key: string, params?: Readonly<Record<string, string | number>>) => {
    let found = findCounted(key, params?.count);
    if (found === undefined && pending !== undefined) {
      const load = pending;
      pending = undefined;
      t.addResources(load());
      found = findCounted(key, params?.count);
    }
    const text = found ?? key;
    const filled = text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params !== undefined && name in params ? String(params[name]) : whole,
    );
    return plainText(filled);
  }) as Translator;
  Object.assign(t, {
    language,
    // A key no language knows comes back unchanged: show the server's own text instead.
    message: (ref: MessageLike) => {
      const text = t(ref.key, { ...ref.params });
      return text === ref.key && ref.params?.text ? String(ref.params.text) : text;
    },
    addResources: (resources: Resources) => {
      for (const [lng, bundle] of Object.entries(resources)) {
        if (lng === 'fr' || lng === 'en') merge(bundles[lng], bundle.translation);
      }
    },
  });
  return t;
};
