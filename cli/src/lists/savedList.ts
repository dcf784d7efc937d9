import { ownParams } from '@extranet/core/lists/listAddress.ts';
import type { ListSpec } from '@extranet/core/lists/listSpecs.ts';
import { requireSession } from '../apiErrors.ts';
import type { Deps } from '../deps.ts';
import { usageError } from '../errors.ts';
import { type ListOptions, MAX_PAGE_SIZE } from './listOptions.ts';

/** `--saved <name>` beside the list options. */
export interface SavedListOption {
  readonly saved?: string;
}

/**
 * A saved list's query as list options (its filters as `--filter`, `q`, preset, sort, a size the
 * terminal allows); its columns and page are the web's, not read here.
 *
 * @example savedOptions('statut.in=En+cours&sort=nomprenom,desc') // { filter: ['statut.in=En cours'], sort: ['nomprenom,desc'] }
 */
export const savedOptions = (query: string): ListOptions => {
  const params = ownParams([...new URLSearchParams(query).entries()]);
  const get = (key: string) => params.find(([k]) => k === key)?.[1];
  const size = get('size');
  const sort = params.filter(([k]) => k === 'sort').map(([, v]) => v);
  const filter = params.filter(([k]) => k.includes('.')).map(([k, v]) => `${k}=${v}`);
  return {
    ...(filter.length > 0 ? { filter } : {}),
    ...(get('q') === undefined ? {} : { q: get('q') }),
    ...(get('preset') === undefined ? {} : { preset: get('preset') }),
    ...(sort.length > 0 ? { sort } : {}),
    ...(size !== undefined && Number(size) <= MAX_PAGE_SIZE ? { size } : {}),
  };
};

/**
 * The command line's list options over the saved list `--saved` names (docs/cli.md): what the
 * command line says wins (its filters after the saved ones, so a field given twice takes its
 * value), the rest comes from the saved list. No `--saved`: the options as they are, no request.
 * An unknown name is a usage error naming the saved lists of that list.
 */
export const withSavedList = async (
  opts: ListOptions & SavedListOption,
  spec: ListSpec,
  deps: Pick<Deps, 'api' | 't' | 'server' | 'tokens'>,
): Promise<ListOptions> => {
  if (opts.saved === undefined) return opts;
  requireSession(deps);
  const [client, { savedFiltersApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/savedFiltersApi.ts'),
  ]);
  const all = await client.call(savedFiltersApi.list(spec.name));
  const found = all.find((item) => item.name === opts.saved);
  if (found === undefined)
    throw usageError(
      deps.t('cli.list.unknownSaved', {
        name: opts.saved,
        names: all.map((item) => item.name).join(', ') || '—',
      }),
    );
  const saved = savedOptions(found.query);
  const given: ListOptions = Object.fromEntries(
    Object.entries(opts).filter(([key, value]) => key !== 'saved' && value !== undefined),
  );
  return {
    ...saved,
    ...given,
    filter: [...(saved.filter ?? []), ...(opts.filter ?? [])],
    sort: (opts.sort ?? []).length > 0 ? (opts.sort ?? []) : (saved.sort ?? []),
  };
};
