import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { cliColumns } from '@extranet/core/descriptors/descriptor.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';

type Row = Readonly<Record<string, unknown>>;

/** The descriptor's `cli` columns: id, rule code, policy, month, amount at stake, statement. */
const columns = describedColumns<Row>(anomalyDescriptor, cliColumns(anomalyDescriptor));

/** `extranet anomalies list`: the reconciliation anomalies in the caller's scope, largest amount first. */
export const run = async (opts: ListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, { size: 20, sort: anomalyDescriptor.defaultSort }, deps.t), {
    path: 'api/anomalies',
    money: ['montant'],
    columns,
  });
