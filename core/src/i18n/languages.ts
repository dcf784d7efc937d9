/** Languages of the interface; French is the default (docs/product.md §1). */
export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/**
 * Merges area trees key by key, so two areas may both add under `global.messages`; a leaf
 * defined twice is a mistake and is reported in `duplicates`.
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

/** Every key path of a nested resource object, for the parity test and for tooling. */
export const keyPaths = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
