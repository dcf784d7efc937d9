/** An icon: its paths in a 16×16 box; `evenodd` marks a path drawn with that fill rule. */
export type IconShape = readonly (string | { readonly evenodd: string })[];
