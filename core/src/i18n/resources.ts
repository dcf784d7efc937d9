import { account } from './areas/account.ts';
import { admin } from './areas/admin.ts';
import { alerts } from './areas/alerts.ts';
import { commissions } from './areas/commissions.ts';
import { fields } from './areas/fields.ts';
import { global } from './areas/global.ts';
import { identity } from './areas/identity.ts';
import { insight } from './areas/insight.ts';
import { login } from './areas/login.ts';
import { policies } from './areas/policies.ts';
import { sessions } from './areas/sessions.ts';
import { timeline } from './areas/timeline.ts';
import { validation } from './areas/validation.ts';

/** Languages of the interface; French is the default (docs/product.md §1). */
export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

const areas = [
  global,
  login,
  identity,
  sessions,
  timeline,
  account,
  validation,
  fields,
  policies,
  commissions,
  admin,
  insight,
  alerts,
];

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/**
 * Merges area trees key by key, so two areas may both add under `global.messages`; a leaf
 * defined twice is a mistake and is reported in `duplicateKeys`.
 */
export const mergeAreas = (trees: readonly Tree[], duplicates: string[] = [], prefix = ''): Tree => {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = out[key];
      if (existing === undefined)
        out[key] = isTree(value) ? mergeAreas([value], duplicates, `${prefix}${key}.`) : value;
      else if (isTree(existing) && isTree(value))
        out[key] = mergeAreas([existing, value], duplicates, `${prefix}${key}.`);
      else duplicates.push(`${prefix}${key}`);
    }
  }
  return out;
};

/** Leaf keys defined by more than one area (the resources test keeps this empty). */
export const duplicateKeys: string[] = [];

/** i18next resources shared by the web and the CLI: `{ fr: { translation }, en: { translation } }`. */
export const resources = Object.fromEntries(
  languages.map((language) => [
    language,
    {
      translation: mergeAreas(
        areas.map((area) => area[language] as Tree),
        duplicateKeys,
      ),
    },
  ]),
) as Record<Language, { translation: Record<string, unknown> }>;

/** Every key path of a nested resource object, for the parity test and for tooling. */
export const keyPaths = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
