import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Command } from 'commander';
import { withListOptions } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';
import { offerValues } from '../completion/tree.ts';
import type { StatementChangesOptions } from './changes.ts';
import type { StatementEntriesOptions } from './entries.ts';
import type { StatementExportOptions } from './export.ts';
import type { StatementPdfOptions } from './pdf.ts';
import type { StatementShowOptions } from './show.ts';

/** `statements list|show|changes|export|entries|pdf`: commission statements (bordereaux) for accountants. */
export const registerStatements = (program: Command, { t, action }: Registrar) => {
  const statements = program.command('statements').description(t('cli.commands.statements'));
  examples(
    withListOptions(
      statements.command('list').description(t('cli.commands.statementsList')),
      t,
      Object.keys(LIST_SPECS.commission.presets),
    ).action(action(() => import('./list.ts'))),
    t,
    [
      'extranet statements list',
      'extranet statements list --filter mois.gte=2024-01-01 --json',
      'extranet statements list --all | cut -f1,6',
    ],
  );
  examples(
    withListOptions(
      statements
        .command('show')
        .description(t('cli.commands.statementsShow'))
        .argument('<id>', t('cli.options.statementId'))
        .option('--lines', t('cli.options.lines')),
      t,
    ).action(
      action<StatementShowOptions>(
        () => import('./show.ts'),
        ([id], opts) => ({ ...opts, id: id! }),
      ),
    ),
    t,
    [
      'extranet statements show 1042',
      'extranet statements show 1042 --json',
      'extranet statements show 1042 --lines --sort montant,desc --size 20',
      'extranet statements show 1042 --lines --all --filter typeMouvement.in=REPRISE',
    ],
  );
  examples(
    statements
      .command('changes')
      .description(t('cli.commands.statementsChanges'))
      .argument('<YYYY-MM>', t('cli.options.changesMonth'))
      .option('--from <YYYY-MM>', t('cli.options.fromMonth'))
      .option('--courtier <code>', t('cli.options.courtier'))
      .action(
        action<StatementChangesOptions>(
          () => import('./changes.ts'),
          ([month], opts) => ({ ...opts, month: month! }),
        ),
      ),
    t,
    [
      'extranet statements changes 2026-10',
      'extranet statements changes 2026-10 --from 2026-08 --json',
      'extranet statements changes 2026-10 --courtier C0003',
    ],
  );
  examples(
    statements
      .command('export')
      .description(t('cli.commands.statementsExport'))
      .argument('[id]', t('cli.options.statementId'))
      .option('-m, --month <YYYY-MM>', t('cli.options.month'))
      .option('-o, --out <file>', t('cli.options.out'))
      .option('--force', t('cli.options.force'))
      .action(
        action<StatementExportOptions>(
          () => import('./export.ts'),
          ([id], opts) => ({ ...opts, ...(id === undefined ? {} : { id }) }),
        ),
      ),
    t,
    [
      'extranet statements export 1042',
      'extranet statements export --month 2024-05 --out mai.csv',
      'extranet statements export 1042 --out - | wc -l',
    ],
  );
  examples(
    offerValues(
      statements
        .command('entries')
        .description(t('cli.entries.command'))
        .argument('<from>', t('cli.entries.from'))
        .argument('<to>', t('cli.entries.to'))
        .option('--format <format>', t('cli.entries.format'))
        .option('-o, --out <file>', t('cli.options.out'))
        .option('--force', t('cli.options.force')),
      '--format',
      ['fec', 'csv'],
    ).action(
      action<StatementEntriesOptions>(
        () => import('./entries.ts'),
        ([from, to], opts) => ({ ...opts, from: from!, to: to! }),
      ),
    ),
    t,
    [
      'extranet statements entries 2026-01 2026-12 > fec.txt',
      'extranet statements entries 2026-01 2026-03 --format csv --out t1.csv',
    ],
  );
  examples(
    statements
      .command('pdf')
      .description(t('cli.commands.statementsPdf'))
      .argument('<id>', t('cli.options.statementId'))
      .option('-o, --out <file>', t('cli.options.out'))
      .option('--force', t('cli.options.force'))
      .action(
        action<StatementPdfOptions>(
          () => import('./pdf.ts'),
          ([id], opts) => ({ ...opts, id: id! }),
        ),
      ),
    t,
    ['extranet statements pdf 1042', 'extranet statements pdf 1042 --out bordereau.pdf --force'],
  );
};
