import { type CommissionStatement, isForecast, LIST_SPECS, statementApi } from '@extranet/core';
import type { Deps } from '../../deps.ts';
import { defaultsOf, type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';

export interface StatementsListOptions extends ListOptions {
  readonly json?: boolean;
}

const columns: readonly ListColumn<CommissionStatement>[] = [
  { key: 'idBordereau', value: (s) => String(s.idBordereau), right: true },
  { key: 'mois', value: (s, f) => f.month(s.mois) },
  { key: 'typeBordereau', value: (s) => s.typeBordereau ?? '' },
  { key: 'compte', value: (s) => s.compte ?? '' },
  { key: 'nb', value: (s) => (s.nb === null ? '' : String(s.nb)), right: true },
  { key: 'montant', value: (s, f) => f.amount(s.montant), right: true },
  { key: 'datePaiement', value: (s, f) => f.date(s.datePaiement) },
  { key: 'pdf', value: (s) => (s.fichierBordereau ? 'PDF' : '') },
];

/** Decimal text of cents (`"1234.50"`): the JSON total stays exact. */
const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** `extranet statements list`: statements with the total paid, forecasts excluded (server's `X-Total-Amount`). */
export const run = (opts: StatementsListOptions, deps: Deps) =>
  runList(
    deps,
    opts,
    toListQuery(opts, defaultsOf(LIST_SPECS.commission), deps.t),
    statementApi.list,
    columns,
    (page, f) => ({
      json: {
        totalExcludingForecasts: page.totalAmount === undefined ? null : decimal(page.totalAmount),
        forecasts: page.items.filter(isForecast).map((s) => s.idBordereau),
      },
      lines:
        page.totalAmount === undefined
          ? []
          : [deps.t('cli.statements.total', { amount: f.cents(page.totalAmount) })],
    }),
  );

export { decimal };
