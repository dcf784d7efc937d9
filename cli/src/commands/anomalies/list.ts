import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import type { Anomaly } from '@extranet/core/domain/anomaly.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';

export type AnomaliesOptions = ListOptions & SavedListOption;

/** The descriptor's `cli` columns: id, rule code, policy, month, amount at stake, statement. */
const columns = describedColumns<Anomaly>(anomalyDescriptor, LIST_SPECS.anomalies.cliColumns);

/**
 * `extranet anomalies list`: the reconciliation anomalies in the caller's scope, largest amount
 * first, driven by core's list machine like the web's anomaly list (`--saved` reads one of its
 * saved lists, `--filter regle.in=…`, `courtier.in=…`, `idBordereau.equals=…`, `mois.gte=…`).
 */
export const run = async (given: AnomaliesOptions, deps: Deps) => {
  const pages = await listActor<Anomaly>(deps, LIST_SPECS.anomalies, given);
  return runList(deps, pages.options, pages, { money: ['montant'], columns });
};
