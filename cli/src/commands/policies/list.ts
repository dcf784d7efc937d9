import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import type { Policy } from '@extranet/core/domain/policy.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';
import { MONEY_FIELDS } from '../../output/decimal.ts';

export type PoliciesListOptions = ListOptions & SavedListOption;

/** The descriptor's `cli` columns; the number when a policy has none, the payment status's label. */
export const columns: readonly ListColumn<Policy>[] = describedColumns<Policy>(
  policeDescriptor,
  LIST_SPECS.police.cliColumns,
  {
    police: { value: (p) => p.police ?? String(p.idPolice) },
    statutPaiement: { value: (p) => p.libelleStatutPaiement ?? p.statutPaiement ?? '' },
  },
);

/** `extranet policies list`: the portfolio with the web list's filters, a page or `--all`. */
export const run = async (given: PoliciesListOptions, deps: Deps) => {
  const pages = await listActor<Policy>(deps, LIST_SPECS.police, given);
  return runList(deps, pages.options, pages, {
    money: MONEY_FIELDS.police,
    columns,
  });
};
