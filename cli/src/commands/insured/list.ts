import { policeAssureDescriptor } from '@extranet/core/descriptors/policeAssure.ts';
import type { InsuredPerson } from '@extranet/core/domain/insured.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';
import { MONEY_FIELDS } from '../../output/decimal.ts';

export type InsuredListOptions = ListOptions & SavedListOption;

/** The descriptor's `cli` columns; the number when a policy has none. */
const columns = describedColumns<InsuredPerson>(policeAssureDescriptor, LIST_SPECS.assures.cliColumns, {
  police: { value: (p) => p.police ?? String(p.idPolice) },
});

/** `extranet insured list`: insured persons with the web list's filters, a page or `--all`. */
export const run = async (given: InsuredListOptions, deps: Deps) => {
  const pages = await listActor<InsuredPerson>(deps, LIST_SPECS.assures, given);
  return runList(deps, pages.options, pages, {
    money: MONEY_FIELDS.assures,
    columns,
  });
};
