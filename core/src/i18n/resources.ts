import { enAreas } from './en.ts';
import { frAreas } from './fr.ts';
import { type Language, mergeAreas } from './languages.ts';

/** Leaf keys defined by more than one area (the resources test keeps this empty). */
export const duplicateKeys: string[] = [];

/**
 * i18next resources of both languages, `{ fr: { translation }, en: { translation } }`: the CLI's
 * and the tests'. The web takes `fr.ts` at once and `en.ts` only when English is chosen.
 */
export const resources: Record<Language, { translation: Record<string, unknown> }> = {
  fr: { translation: mergeAreas(frAreas, duplicateKeys) },
  en: { translation: mergeAreas(enAreas, duplicateKeys) },
};
