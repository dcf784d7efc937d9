import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Command } from 'commander';
import { withListOptions } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';

/** `anomalies list`: what reconciliation found in the statements (docs/reconciliation.md). */
export const registerAnomalies = (program: Command, { t, action }: Registrar) => {
  const anomalies = program.command('anomalies').description(t('cli.commands.anomalies'));
  const list = withListOptions(
    anomalies.command('list').description(t('cli.commands.anomaliesList')),
    t,
    Object.keys(LIST_SPECS.anomalies.presets),
  );
  examples(list.action(action(() => import('./list.ts'))), t, [
    'extranet anomalies list',
    'extranet anomalies list --filter regle.in=COMMISSION_NOT_PAID,RATE_MISMATCH',
    'extranet anomalies list --filter idBordereau.equals=1202405 --filter mois.gte=2025-01-01 --json',
    'extranet anomalies list --saved "Reprises"',
    'extranet anomalies list --all --output csv > anomalies.csv',
  ]);
};
