/** Collects bind parameters: every user value reaches SQL as `$n`, never as text in the query. */
export interface Binder {
  (value: unknown): string;
  readonly params: unknown[];
}

export function binder(): Binder {
  const params: unknown[] = [];
  const bind = ((value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  }) as Binder;
  Object.defineProperty(bind, 'params', { value: params });
  return bind;
}
