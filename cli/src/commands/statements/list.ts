import { isForecast } from '@extranet/core/domain/forecast.ts';
import type { CommissionStatement } from '@extranet/core/domain/statement.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { defaultsOf, type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';
import { decimal, MONEY_FIELDS, moneyText } from '../../output/decimal.ts';

export type StatementsListOptions = ListOptions;

const columns: readonly ListColumn<CommissionStatement>[] = [
  { key: 'idBordereau', value: (s) => String(s.idBordereau), right: true },
  { key: 'mois', value: (s, f) => f.month(s.mois) },
  { key: 'typeBordereau', value: (s) => s.typeBordereau ?? '' },
  { key: 'compte', value: (s) => s.compte ?? '' },
  { key: 'nb', value: (s) => (s.nb === null ? '' : String(s.nb)), right: true },
  {
    key: 'montant',
    value: (s, f) => f.amount(s.montant),
    raw: (s) => moneyText(s.montant) ?? '',
    right: true,
  },
  { key: 'datePaiement', value: (s, f) => f.date(s.datePaiement), raw: (s) => s.datePaiement ?? '' },
  { key: 'pdf', value: (s) => (s.fichierBordereau ? 'PDF' : ''), raw: (s) => s.fichierBordereau ?? '' },
];

/** `extranet statements list`: statements with the total paid, forecasts excluded (server's `X-Total-Amount`). */
export const run = (opts: StatementsListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, defaultsOf(LIST_SPECS.commission), deps.t), {
    path: 'api/commissions',
    money: MONEY_FIELDS.commission,
    columns,
    extra: (page, f) => ({
      json: {
        totalExcludingForecasts: page.totalAmount === undefined ? null : decimal(page.totalAmount),
        forecasts: page.items.filter(isForecast).map((s) => s.idBordereau),
      },
      lines:
        page.totalAmount === undefined
          ? []
          : [deps.t('cli.statements.total', { amount: f.cents(page.totalAmount) })],
    }),
  });
