import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { ContextOptions } from './run.ts';

/** `context list|add|use|remove|current`: named servers, as `kubectl config` contexts. */
export const registerContext = (program: Command, { t, action }: Registrar) => {
  const context = program.command('context').description(t('cli.commands.context'));
  const verb = (name: ContextOptions['verb'], args: string[]) =>
    action<ContextOptions>(
      () => import('./run.ts'),
      (positional, opts) => ({ ...opts, verb: name, args: positional.slice(0, args.length) }),
    );
  examples(context.command('list').description(t('cli.commands.contextList')).action(verb('list', [])), t, [
    'extranet context list',
  ]);
  examples(
    context
      .command('add')
      .description(t('cli.commands.contextAdd'))
      .argument('<name>', t('cli.options.contextName'))
      .argument('<url>', t('cli.options.contextUrl'))
      .option('--use', t('cli.options.contextUse'))
      .action(verb('add', ['name', 'url'])),
    t,
    [
      'extranet context add prod https://extranet.example.com/ --use',
      'extranet context add local http://localhost:8080/',
    ],
  );
  examples(
    context
      .command('use')
      .description(t('cli.commands.contextUse'))
      .argument('<name>', t('cli.options.contextName'))
      .action(verb('use', ['name'])),
    t,
    ['extranet context use prod', 'extranet --context local whoami'],
  );
  examples(
    context
      .command('remove')
      .description(t('cli.commands.contextRemove'))
      .argument('<name>', t('cli.options.contextName'))
      .action(verb('remove', ['name'])),
    t,
    ['extranet context remove local'],
  );
  examples(
    context.command('current').description(t('cli.commands.contextCurrent')).action(verb('current', [])),
    t,
    ['extranet context current'],
  );
};
