import { LIST_SPECS, type Policy, policeApi } from '@extranet/core';
import type { Deps } from '../../deps.ts';
import { defaultsOf, type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';

export interface PoliciesListOptions extends ListOptions {
  readonly json?: boolean;
}

const columns: readonly ListColumn<Policy>[] = [
  { key: 'police', value: (p) => p.police ?? String(p.idPolice) },
  { key: 'nomprenom', value: (p) => p.nomprenom ?? '' },
  { key: 'risque', value: (p) => p.risque ?? '' },
  { key: 'gamme', value: (p) => p.gamme ?? '' },
  { key: 'statut', value: (p) => p.statut ?? '' },
  { key: 'statutPaiement', value: (p) => p.libelleStatutPaiement ?? p.statutPaiement ?? '' },
  { key: 'dateEffet', value: (p, f) => f.date(p.dateEffet) },
  { key: 'cotisationTtc', value: (p, f) => f.amount(p.cotisationTtc), right: true },
];

/** `extranet policies list`: one page of the portfolio with the web list's filters. */
export const run = (opts: PoliciesListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, defaultsOf(LIST_SPECS.police), deps.t), policeApi.list, columns);
