import i18next from 'i18next';
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
  /** Adds core's shared resources (loaded lazily so `--help` stays fast). */
  addResources(resources: Record<string, { translation: Record<string, unknown> }>): void;
}

const stripHtml = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** An i18next instance holding the CLI texts; core's texts join it with `addResources`. */
export const createTranslator = (language: CliLanguage): Translator => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'fr',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { fr: { translation: fr }, en: { translation: en } },
  });
  const t = ((key: string, params?: Record<string, string | number>) =>
    stripHtml(i18n.t(key, params ?? {}) as string)) as Translator;
  Object.assign(t, {
    language,
    // A key no language knows comes back unchanged: show the server's own text instead.
    message: (ref: MessageLike) => {
      const text = t(ref.key, { ...ref.params });
      return text === ref.key && ref.params?.text ? String(ref.params.text) : text;
    },
    addResources: (resources: Record<string, { translation: Record<string, unknown> }>) => {
      for (const [lng, bundle] of Object.entries(resources)) {
        i18n.addResourceBundle(lng, 'translation', bundle.translation, true, false);
      }
    },
  });
  return t;
};
