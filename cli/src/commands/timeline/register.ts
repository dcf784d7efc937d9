import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Command } from 'commander';
import { withListOptions } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';

/** `timeline`: the policies' events, the web timeline's list. */
export const registerTimeline = (program: Command, { t, action }: Registrar) => {
  examples(
    withListOptions(
      program.command('timeline').description(t('cli.commands.timeline')),
      t,
      Object.keys(LIST_SPECS.timeline.presets),
    ).action(action(() => import('./list.ts'))),
    t,
    [
      'extranet timeline',
      'extranet timeline --filter typeMessage.in=AFN,RSL --size 50',
      'extranet timeline --q dupont --json',
    ],
  );
};
