import { global } from './areas/global.ts';
import { login } from './areas/login.ts';
import { timeline } from './areas/timeline.ts';

/** Languages of the interface; French is the default (spec §1). */
export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

const areas = [global, login, timeline];

/** i18next resources shared by the web and the CLI: `{ fr: { translation }, en: { translation } }`. */
export const resources = Object.fromEntries(
  languages.map((language) => [
    language,
    { translation: Object.assign({}, ...areas.map((area) => area[language])) as Record<string, unknown> },
  ]),
) as Record<Language, { translation: Record<string, unknown> }>;

/** Every key path of a nested resource object, for the parity test and for tooling. */
export const keyPaths = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
