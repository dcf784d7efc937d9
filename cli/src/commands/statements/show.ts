import { mouvementDescriptor } from '@extranet/core/descriptors/mouvement.ts';
import type { IdBordereau } from '@extranet/core/domain/ids.ts';
import type { CommissionMovement } from '@extranet/core/domain/movement.ts';
import { recapTotals } from '@extranet/core/domain/recap.ts';
import type { CommissionStatement, RecapLine } from '@extranet/core/domain/statement.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { formatters } from '../../lists/format.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';
import { decimal, MONEY_FIELDS, moneyText, withDecimalMoney } from '../../output/decimal.ts';
import { printJson, printRecord, printTable } from '../../output/print.ts';
import { statementId } from './resolve.ts';

export interface StatementShowOptions extends ListOptions, SavedListOption {
  readonly id: string;
  /** The lines tab ('Détail des commissions') in place of the summary. */
  readonly lines?: boolean;
}

/** Which tab of core's statement machine a command shows: the summary (0) or the lines (1). */
export type StatementTab = 'summary' | 'lines';

/**
 * The statement as core's statement machine opens it for the web: loaded with its recap (in
 * its order), then on the tab asked for ('Afficher détail' sends `lines.show`); a failed load is
 * the machine's `failure` state.
 */
export const loadStatement = async (
  id: CommissionStatement['idBordereau'],
  deps: Deps,
  tab: StatementTab = 'summary',
): Promise<{ statement: CommissionStatement; recap: readonly RecapLine[] }> => {
  const [{ createActor, waitFor }, { provideStatementDetail }, client] = await Promise.all([
    import('xstate'),
    import('@extranet/core/runtime/machinesRuntime.ts'),
    deps.api(),
  ]);
  const machine = provideStatementDetail(client.runtime, {
    save: () => undefined,
    navigate: () => undefined,
  });
  const actor = createActor(machine, { input: { idBordereau: id, canSeeClient: false } });
  actor.start();
  try {
    const settled = await waitFor(actor, (s) => !s.hasTag('loading'), { timeout: Number.POSITIVE_INFINITY });
    const { statement, recap } = settled.context;
    if (settled.hasTag('error') || statement === null)
      throw client.failure({ notFound: deps.t('cli.statements.notFound', { id }) });
    if (tab === 'lines') actor.send({ type: 'lines.show' });
    const shown = actor.getSnapshot();
    if (!shown.hasTag(tab === 'lines' ? 'tab1' : 'tab0')) throw new Error(`statement machine not on ${tab}`);
    return { statement, recap };
  } finally {
    actor.stop();
  }
};

/** The lines tab's columns: the descriptor's `cli` fields of a statement's lines. */
const lineColumns = describedColumns<CommissionMovement>(
  mouvementDescriptor,
  LIST_SPECS.mouvements.cliColumns,
);

/** List options given without `--lines`: they page and filter the lines, not the summary. */
const LIST_FLAGS = ['filter', 'q', 'saved', 'sort', 'page', 'size', 'all', 'paginate'] as const;

/** The lines tab: the statement's lines through core's list machine (filters, sort, paging, `--all`). */
const showLines = async (id: IdBordereau, opts: StatementShowOptions, deps: Deps): Promise<number> => {
  await loadStatement(id, deps, 'lines');
  const pages = await listActor<CommissionMovement>(deps, LIST_SPECS.mouvements, opts, { idBordereau: id });
  return runList(deps, pages.options, pages, { money: MONEY_FIELDS.mouvements, columns: lineColumns });
};

/**
 * `extranet statements show <id>`: the summary tab, the statement and its recap ("Récapitulatif"),
 * totals in exact cents; `--lines`: the lines tab, paged and filtered as the web's.
 */
export const run = async (opts: StatementShowOptions, deps: Deps): Promise<number> => {
  const { t, out } = deps;
  const id = statementId(opts.id, deps);
  if (opts.lines !== true) {
    const flag = LIST_FLAGS.find((name) => opts[name] !== undefined);
    if (flag !== undefined) throw usageError(t('cli.statements.linesOnly', { flag: `--${flag}` }));
  }
  requireSession(deps);
  if (opts.lines === true) return showLines(id, opts, deps);
  const { statement, recap: lines } = await loadStatement(id, deps);
  const sums = recapTotals(lines, statement.soldePrecedent);
  const totals = {
    commissions: decimal(sums.totalCommissions),
    soldePrecedent: decimal(sums.soldePrecedent),
    versement: decimal(sums.totalVersement),
  };
  if (out.format === 'json') {
    printJson(deps, {
      statement: withDecimalMoney(statement, MONEY_FIELDS.commission),
      recap: lines.map((l) => withDecimalMoney(l, MONEY_FIELDS.recap)),
      totals,
    });
    return ExitCode.ok;
  }
  const f = formatters(t.language);
  const columns = [
    { key: 'commission', header: t('cli.columns.commission') },
    { key: 'montant', header: t('cli.columns.montant'), right: true },
  ];
  const rows = [
    ...lines.map((l) => ({
      display: [l.commission, f.amount(l.montant)],
      raw: [l.commission, moneyText(l.montant) ?? ''],
    })),
    ...(
      [
        ['totalCommissions', sums.totalCommissions],
        ['soldePrecedent', sums.soldePrecedent],
        ['totalVersement', sums.totalVersement],
      ] as const
    ).map(([key, cents]) => ({
      display: [t(`cli.statements.${key}`), f.cents(cents)],
      raw: [key, decimal(cents)],
    })),
  ];
  if (out.format !== 'table') {
    // Scripts get the recap as data; the statement's own fields are in `--json`.
    printTable(deps, columns, rows);
    return ExitCode.ok;
  }
  printRecord(deps, [
    ['idBordereau', t('cli.columns.idBordereau'), String(statement.idBordereau)],
    ['mois', t('cli.columns.mois'), f.month(statement.mois)],
    ['typeBordereau', t('cli.columns.typeBordereau'), statement.typeBordereau ?? ''],
    ['compte', t('cli.columns.compte'), statement.compte ?? ''],
    ['nb', t('cli.columns.nb'), statement.nb === null ? '' : String(statement.nb)],
    ['dateEnvoi', t('cli.columns.dateEnvoi'), f.date(statement.dateEnvoi)],
    ['datePaiement', t('cli.columns.datePaiement'), f.date(statement.datePaiement)],
  ]);
  deps.io.stdout.write('\n');
  printTable(deps, columns, rows);
  return ExitCode.ok;
};
