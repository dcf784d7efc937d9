import type { Page } from '@extranet/core/api/paging.ts';
import type { IdBordereau } from '@extranet/core/domain/ids.ts';
import type { ListSpec } from '@extranet/core/lists/listSpecs.ts';
import { requireSession } from '../apiErrors.ts';
import type { Deps } from '../deps.ts';
import { type ListOptions, listEvents, queryOf } from './listOptions.ts';
import { allSize, type Pages } from './runList.ts';
import { type SavedListOption, withSavedList } from './savedList.ts';

/**
 * A list command's pages from core's `listQuery` machine, as the web list gets them: the command
 * line (and `--saved`) become the machine's events, the machine starts at the query they lead to
 * and its `fetchPage` actor (core's client for that list) loads the page; `--all` sends
 * `page.change` for each next page. A failed load ends in the machine's `failure` state, read
 * here as the `CliError` of the call that failed.
 */
export const listActor = async <T>(
  deps: Deps,
  spec: ListSpec,
  given: ListOptions & SavedListOption,
  /** The statement whose lines these are (the `mouvements` list, a statement's lines tab). */
  of: { readonly idBordereau?: IdBordereau } = {},
): Promise<Pages<T> & { readonly options: ListOptions }> => {
  const options = await withSavedList(given, spec, deps);
  const query = queryOf(spec, listEvents(options, spec, deps.t, allSize(options)));
  requireSession(deps);
  const [{ createActor, waitFor }, { provideList }, client] = await Promise.all([
    import('xstate'),
    import('@extranet/core/runtime/listRuntime.ts'),
    deps.api(),
  ]);
  // A terminal list exports nothing: `statements export` streams its own file.
  const machine = provideList(client.runtime, spec.id, {
    save: () => undefined,
    ...(of.idBordereau === undefined ? {} : { idBordereau: of.idBordereau }),
  });
  const actor = createActor(machine, { input: { spec, query } });
  let current = query.page;
  actor.start();
  return {
    options,
    page: query.page,
    size: query.size,
    load: async (page) => {
      if (page !== current) actor.send({ type: 'page.change', page });
      current = page;
      const settled = await waitFor(actor, (s) => !s.hasTag('loading'), {
        timeout: Number.POSITIVE_INFINITY,
      });
      if (settled.hasTag('error') || settled.context.page === null) throw client.failure();
      return settled.context.page as Page<T>;
    },
    stop: () => actor.stop(),
  };
};
