import { defaultLanguage, type Language, languages, resources } from '@extranet/core';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { webResources } from './webResources.ts';

const LANGUAGE_KEY = 'extranet-lang';

/** Core's resources with the web-only labels (page titles, widget texts) added beside them. */
const merged = Object.fromEntries(
  languages.map((language) => [
    language,
    { translation: { ...resources[language].translation, ...webResources[language] } },
  ]),
);

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
  instance.use(initReactI18next).init({
    resources: merged,
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
