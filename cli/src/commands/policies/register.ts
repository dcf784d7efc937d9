import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Command } from 'commander';
import { withListOptions } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';
import { registerPersonalData } from '../insured/register.ts';

/** `policies list` and `insured list`: the portfolio lists. */
export const registerPortfolio = (program: Command, registrar: Registrar) => {
  const { t, action } = registrar;
  const policies = program.command('policies').description(t('cli.commands.policies'));
  examples(
    withListOptions(
      policies.command('list').description(t('cli.commands.policiesList')),
      t,
      Object.keys(LIST_SPECS.police.presets),
    ).action(action(() => import('./list.ts'))),
    t,
    [
      'extranet policies list',
      'extranet policies list --filter risque.in=Santé,Obsèques --sort dateEffet,desc',
      'extranet policies list --preset RES --size 50 --page 2',
      'extranet policies list --q dupont --json',
      'extranet policies list --saved "Résiliés Santé" --page 2',
      'extranet policies list --all --output csv > portefeuille.csv',
    ],
  );
  const insured = program.command('insured').description(t('cli.commands.insured'));
  examples(
    withListOptions(
      insured.command('list').description(t('cli.commands.insuredList')),
      t,
      Object.keys(LIST_SPECS.assures.presets),
    ).action(action(() => import('../insured/list.ts'))),
    t,
    [
      'extranet insured list --filter age.gte=60 --filter age.lte=70',
      'extranet insured list --q martin --json',
    ],
  );
  registerPersonalData(insured, registrar);
};
