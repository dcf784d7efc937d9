import type { InsuredPerson } from '@extranet/core/domain/insured.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { defaultsOf, type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';
import { MONEY_FIELDS } from '../../output/decimal.ts';

export type InsuredListOptions = ListOptions;

const columns: readonly ListColumn<InsuredPerson>[] = [
  { key: 'police', value: (p) => p.police ?? String(p.idPolice) },
  { key: 'rang', value: (p) => (p.rang === null ? '' : String(p.rang)), right: true },
  { key: 'nomprenom', value: (p) => p.nomprenom ?? '' },
  { key: 'dateNaissance', value: (p, f) => f.date(p.dateNaissance), raw: (p) => p.dateNaissance ?? '' },
  { key: 'age', value: (p) => (p.age === null ? '' : String(p.age)), right: true },
  { key: 'risque', value: (p) => p.risque ?? '' },
  { key: 'statut', value: (p) => p.statut ?? '' },
  { key: 'ville', value: (p) => p.ville ?? '' },
];

/** `extranet insured list`: insured persons with the web list's filters, a page or `--all`. */
export const run = (opts: InsuredListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, defaultsOf(LIST_SPECS.assures), deps.t), {
    path: 'api/police-assures',
    money: MONEY_FIELDS.assures,
    columns,
  });
