import { recapTotals } from '@extranet/core/domain/recap.ts';
import type { CommissionStatement, RecapLine } from '@extranet/core/domain/statement.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { formatters } from '../../lists/format.ts';
import { decimal, MONEY_FIELDS, moneyText, withDecimalMoney } from '../../output/decimal.ts';
import { printJson, printRecord, printTable } from '../../output/print.ts';
import { statementId } from './resolve.ts';

export interface StatementShowOptions {
  readonly id: string;
}

/**
 * The statement and its recap as core's statement machine loads them for the web's 'Votre
 * bordereau' tab (recap in its order); a failed load is the machine's `failure` state.
 */
export const loadStatement = async (
  id: CommissionStatement['idBordereau'],
  deps: Deps,
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
    return { statement, recap };
  } finally {
    actor.stop();
  }
};

/** `extranet statements show <id>`: the statement and its recap ("Récapitulatif"), totals in exact cents. */
export const run = async (opts: StatementShowOptions, deps: Deps): Promise<number> => {
  const { t, out } = deps;
  const id = statementId(opts.id, deps);
  requireSession(deps);
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
