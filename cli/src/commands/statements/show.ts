import { statementApi, sumCents, toCents } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { formatters } from '../../lists/format.ts';
import { printJson, printRecord, printTable, printText } from '../../output/print.ts';
import { decimal } from './list.ts';
import { statementId } from './resolve.ts';

export interface StatementShowOptions {
  readonly id: string;
  readonly json?: boolean;
}

/** `extranet statements show <id>`: the statement and its recap ("Récapitulatif"), totals in exact cents. */
export const run = async (opts: StatementShowOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  const id = statementId(opts.id, deps);
  requireSession(deps);
  const [statement, recap] = await Promise.all([
    call(deps, statementApi.get(id), { notFound: deps.t('cli.statements.notFound', { id }) }),
    call(deps, statementApi.recap(id), { notFound: deps.t('cli.statements.notFound', { id }) }),
  ]);
  const lines = [...recap].sort((a, b) => a.ordre - b.ordre);
  const commissions = sumCents(lines.map((l) => l.montant));
  const previous = statement.soldePrecedent === null ? 0 : toCents(statement.soldePrecedent);
  const totals = {
    commissions: decimal(commissions),
    soldePrecedent: decimal(previous),
    versement: decimal(commissions + previous),
  };
  if (opts.json) {
    printJson(io, { statement, recap: lines, totals });
    return ExitCode.ok;
  }
  const f = formatters(t.language);
  await printRecord(io, [
    [t('cli.columns.idBordereau'), String(statement.idBordereau)],
    [t('cli.columns.mois'), f.month(statement.mois)],
    [t('cli.columns.typeBordereau'), statement.typeBordereau ?? ''],
    [t('cli.columns.compte'), statement.compte ?? ''],
    [t('cli.columns.nb'), statement.nb === null ? '' : String(statement.nb)],
    [t('cli.columns.dateEnvoi'), f.date(statement.dateEnvoi)],
    [t('cli.columns.datePaiement'), f.date(statement.datePaiement)],
  ]);
  printText(io);
  await printTable(
    io,
    [{ header: t('cli.columns.commission') }, { header: t('cli.columns.montant'), right: true }],
    [
      ...lines.map((l) => [l.commission, f.amount(l.montant)]),
      [t('cli.statements.totalCommissions'), f.cents(commissions)],
      [t('cli.statements.soldePrecedent'), f.cents(previous)],
      [t('cli.statements.totalVersement'), f.cents(commissions + previous)],
    ],
  );
  return ExitCode.ok;
};
