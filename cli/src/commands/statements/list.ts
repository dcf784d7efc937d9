import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import { isForecast } from '@extranet/core/domain/forecast.ts';
import type { CommissionStatement } from '@extranet/core/domain/statement.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';
import { decimal, MONEY_FIELDS } from '../../output/decimal.ts';

export type StatementsListOptions = ListOptions & SavedListOption;

/** The descriptor's `cli` columns; months as `YYYY-MM`, the statement's file as 'PDF'. */
const columns = describedColumns<CommissionStatement>(
  commissionDescriptor,
  LIST_SPECS.commission.cliColumns,
  {
    // `YYYY-MM` for scripts too: the form `--month` takes.
    mois: { raw: undefined },
    fichierBordereau: {
      key: 'pdf',
      value: (s) => (s.fichierBordereau ? 'PDF' : ''),
      raw: (s) => s.fichierBordereau ?? '',
    },
  },
);

/** `extranet statements list`: statements with the total paid, forecasts excluded (server's `X-Total-Amount`). */
export const run = async (given: StatementsListOptions, deps: Deps) => {
  const pages = await listActor<CommissionStatement>(deps, LIST_SPECS.commission, given);
  return runList(deps, pages.options, pages, {
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
};
