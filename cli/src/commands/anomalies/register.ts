import type { Command } from 'commander';
import { collect, withPaging } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';

/** `anomalies list`: what reconciliation found in the statements (docs/reconciliation.md). */
export const registerAnomalies = (program: Command, { t, action }: Registrar) => {
  const anomalies = program.command('anomalies').description(t('cli.commands.anomalies'));
  const list = anomalies
    .command('list')
    .description(t('cli.commands.anomaliesList'))
    .option('-f, --filter <field.op=value>', t('cli.options.filter'), collect)
    .option('-q, --q <text>', t('cli.options.q'));
  examples(withPaging(list, t).action(action(() => import('./list.ts'))), t, [
    'extranet anomalies list',
    'extranet anomalies list --filter regle.equals=COMMISSION_NOT_PAID',
    'extranet anomalies list --filter idBordereau.equals=1202405 --json',
    'extranet anomalies list --all --output csv > anomalies.csv',
  ]);
};
