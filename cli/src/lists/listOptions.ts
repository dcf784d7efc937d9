import type { Filters, ListQuery } from '@extranet/core/api/listParams.ts';
import type { SortOrder } from '@extranet/core/api/pagingParams.ts';
import { filtersOf, isFilterKey } from '@extranet/core/lists/listAddress.ts';
import type { ListSpec } from '@extranet/core/lists/listSpecs.ts';
import { type ListQueryEvent, listQueryMachine } from '@extranet/core/machines/listQuery.machine.ts';
import { initialTransition, transition } from 'xstate';
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

/**
 * `field.op=value` expressions, as the web's address writes its filters, read by core's reader
 * of that address (`in` a comma-separated list, `gte` and `lte` on one field one range). An
 * expression that is no filter is a usage error.
 */
export const parseFilters = (expressions: readonly string[], t: Translator): Filters =>
  filtersOf(
    expressions.map((expression) => {
      const at = expression.indexOf('=');
      const key = at < 0 ? expression : expression.slice(0, at);
      if (at < 0 || !isFilterKey(key)) throw usageError(t('cli.list.badFilter', { value: expression }));
      return [key, expression.slice(at + 1)] as const;
    }),
  );

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

/** Rows a terminal page shows unless `--size` (the web pages by 10). */
export const TERMINAL_PAGE_SIZE = 20;

/**
 * The command line as the list machine's events, in the order a person would act on the web
 * list: a preset (which may impose its sort), the filters, the search, an explicit sort (which
 * wins), the page size, then the page (every other change goes back to the first). Bad syntax is
 * a usage error before any request.
 */
export const listEvents = (
  opts: ListOptions,
  spec: Pick<ListSpec, 'presets'>,
  t: Translator,
  size = TERMINAL_PAGE_SIZE,
): ListQueryEvent[] => {
  const preset = opts.preset?.trim().toUpperCase() ?? '';
  if (preset !== '' && !(preset in spec.presets)) {
    const known = Object.keys(spec.presets).join(', ');
    throw usageError(t('cli.list.badPreset', { value: opts.preset ?? '', presets: known }));
  }
  const sort = parseSort(opts.sort ?? [], t);
  const page = positiveInt(opts.page, 1, 1_000_000, '--page', t) - 1;
  return [
    ...(preset === '' ? [] : [{ type: 'preset.change', preset } as const]),
    ...Object.entries(parseFilters(opts.filter ?? [], t)).map(
      ([field, value]) => ({ type: 'filter.change', field, value }) as const,
    ),
    ...(opts.q === undefined ? [] : [{ type: 'search.change', q: opts.q } as const]),
    ...(sort.length === 0 ? [] : [{ type: 'sort.change', sort } as const]),
    { type: 'size.change', size: positiveInt(opts.size, size, MAX_PAGE_SIZE, '--size', t) },
    ...(page === 0 ? [] : [{ type: 'page.change', page } as const]),
  ];
};

/**
 * The query the list machine reaches from its fresh state through these events, computed by
 * its own transitions (pure: nothing is fetched). The command then starts the machine there, as
 * the web starts a list from its address, so one request loads the page.
 */
export const queryOf = (spec: ListSpec, events: readonly ListQueryEvent[]): ListQuery => {
  let [snapshot] = initialTransition(listQueryMachine, { spec });
  for (const event of events) [snapshot] = transition(listQueryMachine, snapshot, event);
  return snapshot.context.query;
};

/** `--sort`, `--page` (1-based) and `--size` of a list no machine drives (`users list`). */
export const pagingOf = (opts: ListOptions, t: Translator, size = TERMINAL_PAGE_SIZE) => ({
  sort: parseSort(opts.sort ?? [], t),
  page: positiveInt(opts.page, 1, 1_000_000, '--page', t) - 1,
  size: positiveInt(opts.size, size, MAX_PAGE_SIZE, '--size', t),
});

/** The core `ListQuery` of the command line (`listEvents` folded by the machine). */
export const toListQuery = (opts: ListOptions, spec: ListSpec, t: Translator): ListQuery =>
  queryOf(spec, listEvents(opts, spec, t));
