import { defaultLanguage, type Language, languages, mergeAreas } from '@extranet/core';
import { frAreas } from '@extranet/core/i18n/fr.ts';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { webFr } from './webResources.ts';

const LANGUAGE_KEY = 'extranet-lang';

/** Core's French with the web-only labels (page titles, widget texts) added beside them. */
const french = { ...mergeAreas(frAreas), ...webFr };

/**
 * French is in the first load; English is its own chunk, fetched when it is first chosen
 * (i18next's `changeLanguage` loads a missing language through this backend before it switches,
 * so the page never shows keys or a mix of both).
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => {},
  read: (language, _namespace, callback) => {
    if (language !== 'en') return callback(null, language === defaultLanguage ? french : {});
    import('./webResources.en.ts').then(
      ({ english }) => callback(null, english),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const isLanguage = (value: string | null | undefined): value is Language =>
  languages.includes(value as Language);

/** The language kept from the last visit, else French (docs/product.md §1). */
export const storedLanguage = (storage: Storage | undefined = globalThis.localStorage): Language => {
  const stored = storage?.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : defaultLanguage;
};

/** A ready i18next instance; `html lang` follows the language for screen readers. */
export const createI18n = (language: Language = storedLanguage()): i18n => {
  const instance = i18next.createInstance();
  instance
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      resources: { [defaultLanguage]: { translation: french } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
    if (isLanguage(lng)) globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
};

/** Resolves once the instance's language is loaded (at once for French, the default). */
export const languageLoaded = (instance: i18n): Promise<void> =>
  instance.hasResourceBundle(instance.language, 'translation')
    ? Promise.resolve()
    : instance.loadLanguages(instance.language);
