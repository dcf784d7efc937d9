/** A translatable message: an i18n key with its interpolation values, or a raw server text. */
export interface MessageRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export const message = (key: string, params?: Record<string, string | number>): MessageRef =>
  params === undefined ? { key } : { key, params };
