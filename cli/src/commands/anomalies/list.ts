import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { cliColumns } from '@extranet/core/descriptors/descriptor.ts';
import type { Anomaly } from '@extranet/core/domain/anomaly.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { type ListOptions, pagingOf, parseFilters } from '../../lists/listOptions.ts';
import { allSize, runList } from '../../lists/runList.ts';

/** The descriptor's `cli` columns: id, rule code, policy, month, amount at stake, statement. */
const columns = describedColumns<Anomaly>(anomalyDescriptor, cliColumns(anomalyDescriptor));

/**
 * `extranet anomalies list`: the reconciliation anomalies in the caller's scope, largest amount
 * first. No screen lists them with the list machine (the dashboard card reads its own page), so
 * the command line is the query and core's `anomalyApi` loads each page.
 */
export const run = async (opts: ListOptions, deps: Deps) => {
  const { sort, page, size } = pagingOf(opts, deps.t, allSize(opts));
  const filters = parseFilters(opts.filter ?? [], deps.t);
  requireSession(deps);
  const [client, { anomalyApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entitiesApi.ts'),
  ]);
  const query = (n: number) => ({
    filters,
    q: opts.q ?? '',
    preset: null,
    sort: sort.length === 0 ? anomalyDescriptor.defaultSort : sort,
    page: n,
    size,
  });
  const pages = { page, size, load: (n: number) => client.call(anomalyApi.list(query(n))) };
  return runList(deps, opts, pages, { money: ['montant'], columns });
};
