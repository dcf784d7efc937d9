import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { TokensCreateOptions } from './create.ts';

/** `tokens [list]`, `tokens create --name …`, `tokens revoke <id>`: personal access tokens. */
export const registerTokens = (program: Command, { t, action }: Registrar) => {
  const tokens = program.command('tokens').description(t('cli.tokens.command'));
  examples(
    tokens
      .command('list', { isDefault: true })
      .description(t('cli.tokens.list'))
      .action(action(() => import('./list.ts'))),
    t,
    ['extranet tokens', 'extranet tokens --json'],
  );
  examples(
    tokens
      .command('create')
      .description(t('cli.tokens.create'))
      .option('--name <name>', t('cli.tokens.name'))
      .option('--scope <scope>', t('cli.tokens.scope'))
      .option('--expires <days>', t('cli.tokens.expires'))
      .action(
        action<TokensCreateOptions>(
          () => import('./create.ts'),
          (_args, opts) => ({
            ...(typeof opts.name === 'string' ? { name: opts.name } : {}),
            ...(typeof opts.scope === 'string' ? { scope: opts.scope } : {}),
            ...(typeof opts.expires === 'string' ? { expires: opts.expires } : {}),
          }),
        ),
      ),
    t,
    [
      'extranet tokens create --name "mon CRM" --scope read --expires 90',
      'EXTRANET_TOKEN=$(extranet tokens create --name nightly --scope read+export) extranet statements list',
    ],
  );
  examples(
    tokens
      .command('revoke')
      .description(t('cli.tokens.revoke'))
      .argument('<id>', t('cli.tokens.id'))
      .action(
        action<{ id: string }>(
          () => import('./revoke.ts'),
          ([id]) => ({ id: id! }),
        ),
      ),
    t,
    ['extranet tokens revoke 42'],
  );
};
