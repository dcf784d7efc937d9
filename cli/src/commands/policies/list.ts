import type { Policy } from '@extranet/core/domain/policy.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { defaultsOf, type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';
import { MONEY_FIELDS, moneyText } from '../../output/decimal.ts';

export type PoliciesListOptions = ListOptions;

export const columns: readonly ListColumn<Policy>[] = [
  { key: 'police', value: (p) => p.police ?? String(p.idPolice) },
  { key: 'nomprenom', value: (p) => p.nomprenom ?? '' },
  { key: 'risque', value: (p) => p.risque ?? '' },
  { key: 'gamme', value: (p) => p.gamme ?? '' },
  { key: 'statut', value: (p) => p.statut ?? '' },
  { key: 'statutPaiement', value: (p) => p.libelleStatutPaiement ?? p.statutPaiement ?? '' },
  { key: 'dateEffet', value: (p, f) => f.date(p.dateEffet), raw: (p) => p.dateEffet ?? '' },
  {
    key: 'cotisationTtc',
    value: (p, f) => f.amount(p.cotisationTtc),
    raw: (p) => moneyText(p.cotisationTtc) ?? '',
    right: true,
  },
];

/** `extranet policies list`: the portfolio with the web list's filters, a page or `--all`. */
export const run = (opts: PoliciesListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, defaultsOf(LIST_SPECS.police), deps.t), {
    path: 'api/police',
    money: MONEY_FIELDS.police,
    columns,
  });
