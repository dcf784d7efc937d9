import type { Filters, FilterValue, ListQuery } from '@extranet/core/api/listParams.ts';
import type { SortOrder } from '@extranet/core/api/pagingParams.ts';
import type { ListSpec } from '@extranet/core/lists/listSpecs.ts';
import { usageError } from '../errors.ts';
import type { Translator } from '../i18n/translate.ts';

/** The list options every list command shares (the web list's filters). */
export interface ListOptions {
  readonly filter?: readonly string[];
  readonly preset?: string;
  readonly q?: string;
  readonly sort?: readonly string[];
  /** 1-based, as the web shows it (the API's `page` is 0-based). */
  readonly page?: string;
  readonly size?: string;
  /** `--all` / `--paginate`: every page from `--page` on, streamed. */
  readonly all?: boolean;
  /** `--paginate`, as `gh api` names it: the same as `--all`. */
  readonly paginate?: boolean;
}

const FILTER = /^([A-Za-z][A-Za-z0-9_]*)\.(in|equals|contains|startsWith|gte|lte)=(.*)$/s;

/** `field.op=value` → a core filter; `gte` and `lte` on one field join into one range. */
export const parseFilters = (expressions: readonly string[], t: Translator): Filters => {
  const filters: Record<string, FilterValue> = {};
  for (const expression of expressions) {
    const match = FILTER.exec(expression);
    if (match === null) throw usageError(t('cli.list.badFilter', { value: expression }));
    const [, field = '', op, value = ''] = match;
    if (op === 'in') {
      filters[field] = {
        op: 'in',
        values: value
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      };
    } else if (op === 'gte' || op === 'lte') {
      const previous = filters[field];
      const range = previous?.op === 'range' ? previous : { op: 'range' as const };
      filters[field] = { ...range, [op]: value };
    } else {
      filters[field] = { op: op as 'equals' | 'contains' | 'startsWith', value };
    }
  }
  return filters;
};

/** `field` or `field,asc|desc`, repeatable: the first is the main order. */
export const parseSort = (values: readonly string[], t: Translator): SortOrder[] =>
  values.map((value) => {
    const match = /^([A-Za-z][A-Za-z0-9_]*)(?:,(asc|desc))?$/.exec(value.trim());
    if (match === null) throw usageError(t('cli.list.badSort', { value }));
    return { field: match[1]!, dir: (match[2] ?? 'asc') as 'asc' | 'desc' };
  });

const positiveInt = (
  value: string | undefined,
  fallback: number,
  max: number,
  name: string,
  t: Translator,
) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw usageError(t('cli.list.badNumber', { name, value, max }));
  }
  return Number(value);
};

export const MAX_PAGE_SIZE = 1000;

/** What a list starts from: core's `ListSpec` (default sort, presets) with the terminal's page size. */
export interface ListDefaults {
  readonly size: number;
  readonly sort: readonly SortOrder[];
  readonly presets?: ListSpec['presets'];
}

/** A list's defaults from core's list spec; terminals show 20 rows where the web pages by 10. */
export const defaultsOf = (spec: ListSpec, size = 20): ListDefaults => ({
  size,
  sort: spec.defaultSort,
  presets: spec.presets,
});

/** The core `ListQuery` of the command line; bad syntax is a usage error before any request. */
export const toListQuery = (opts: ListOptions, defaults: ListDefaults, t: Translator): ListQuery => {
  const preset = opts.preset?.trim().toUpperCase() ?? '';
  const presets = defaults.presets ?? {};
  if (preset !== '' && !(preset in presets)) {
    const known = Object.keys(presets).join(', ');
    throw usageError(t('cli.list.badPreset', { value: opts.preset ?? '', presets: known }));
  }
  const sort = parseSort(opts.sort ?? [], t);
  return {
    filters: parseFilters(opts.filter ?? [], t),
    q: opts.q ?? '',
    preset: preset === '' ? null : preset,
    // As in the web: an explicit sort wins, then the one a preset imposes, then the list's own.
    sort: sort.length > 0 ? sort : (presets[preset]?.sort ?? defaults.sort),
    page: positiveInt(opts.page, 1, 1_000_000, '--page', t) - 1,
    size: positiveInt(opts.size, defaults.size, MAX_PAGE_SIZE, '--size', t),
  };
};

/** Repeatable commander options collect into an array. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
