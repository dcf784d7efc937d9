import type { CommissionStatement } from '@extranet/core/domain/statement.ts';
import type { StatementHead } from '@extranet/core/domain/statementChanges.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import { formatters } from '../../lists/format.ts';
import { decimal } from '../../output/decimal.ts';
import { type Cells, printJson, printTable, status } from '../../output/print.ts';
import { statementsOfMonth } from './resolve.ts';

export interface StatementChangesOptions {
  /** `YYYY-MM`: the statement to explain. */
  readonly month: string;
  /** `YYYY-MM`: the statement compared with (default: the broker's previous one). */
  readonly from?: string;
  /** The broker's code, when the caller sees several brokers' statements that month. */
  readonly courtier?: string;
}

const cents = (amount: number) => Math.round(amount * 100);

/** The month's one statement for this caller (and `--courtier`): several brokers need `--courtier`. */
const oneStatement = async (
  month: string,
  courtier: string | undefined,
  deps: Deps,
): Promise<CommissionStatement> => {
  const all = await statementsOfMonth(month, deps);
  const mine = courtier === undefined ? all : all.filter((s) => s.codeCourtierPortail === courtier);
  if (mine.length === 0)
    throw new CliError(
      deps.t('cli.statements.noneForBroker', { month, courtier: courtier ?? '' }),
      ExitCode.failure,
    );
  const brokers = [...new Set(mine.map((s) => s.codeCourtierPortail ?? ''))].sort();
  if (brokers.length > 1)
    throw usageError(deps.t('cli.statements.severalBrokers', { month, brokers: brokers.join(', ') }));
  // One broker's month holds one final statement; the latest wins should a second be imported.
  return mine.at(-1)!;
};

const jsonHead = (head: StatementHead | null) =>
  head === null
    ? null
    : { ...head, montant: decimal(cents(head.montant)), soldePrecedent: decimal(cents(head.soldePrecedent)) };

const jsonFigure = <T extends { current: number; previous: number; change: number }>(figure: T) => ({
  ...figure,
  current: decimal(cents(figure.current)),
  previous: decimal(cents(figure.previous)),
  change: decimal(cents(figure.change)),
});

/**
 * `extranet statements changes <YYYY-MM> [--from YYYY-MM] [--courtier code]`: what changed in a
 * month's statement since the previous one (or `--from`), per cause in core's order, with the
 * total difference and the unexplained remainder (docs/insight.md).
 */
export const run = async (opts: StatementChangesOptions, deps: Deps): Promise<number> => {
  const { t, out } = deps;
  requireSession(deps);
  const current = await oneStatement(opts.month, opts.courtier, deps);
  const from =
    opts.from === undefined
      ? null
      : await oneStatement(opts.from, current.codeCourtierPortail ?? undefined, deps);
  const [client, { insightApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/insightApi.ts'),
  ]);
  const changes = await client.call(insightApi.changes(current.idBordereau, from?.idBordereau ?? null), {
    notFound: t('cli.statements.notFound', { id: current.idBordereau }),
  });
  if (out.format === 'json') {
    printJson(deps, {
      current: jsonHead(changes.current),
      previous: jsonHead(changes.previous),
      difference: decimal(cents(changes.difference)),
      unexplained: decimal(cents(changes.unexplained)),
      byCause: changes.byCause.map(jsonFigure),
      byType: changes.byType.map(jsonFigure),
    });
    return ExitCode.ok;
  }
  const f = formatters(t.language);
  const c = (key: string) => t(`insight.changes.${key}`);
  const columns = [
    { key: 'cause', header: c('cause') },
    { key: 'previous', header: f.month(changes.previous?.mois) || '—', right: true },
    { key: 'current', header: f.month(changes.current.mois), right: true },
    { key: 'change', header: c('change'), right: true },
  ];
  const row = (
    key: string,
    label: string,
    previous: number | null,
    current: number | null,
    change: number,
  ): Cells => ({
    display: [
      label,
      previous === null ? '' : f.cents(cents(previous)),
      current === null ? '' : f.cents(cents(current)),
      f.cents(cents(change)),
    ],
    raw: [
      key,
      previous === null ? '' : decimal(cents(previous)),
      current === null ? '' : decimal(cents(current)),
      decimal(cents(change)),
    ],
  });
  const rows = [
    ...changes.byCause.map((figure) =>
      row(figure.cause, c(`causes.${figure.cause}`), figure.previous, figure.current, figure.change),
    ),
    ...(changes.unexplained === 0
      ? []
      : [row('unexplained', c('unexplained'), null, null, changes.unexplained)]),
    row('total', c('total'), changes.previous?.montant ?? 0, changes.current.montant, changes.difference),
  ];
  if (out.format === 'table')
    status(
      deps,
      changes.previous === null
        ? c('noPrevious')
        : t('cli.statements.changesOf', {
            current: changes.current.idBordereau,
            currentMonth: f.month(changes.current.mois),
            previous: changes.previous.idBordereau,
            previousMonth: f.month(changes.previous.mois),
          }),
    );
  printTable(deps, columns, rows);
  return ExitCode.ok;
};
