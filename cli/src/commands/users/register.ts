import type { Command } from 'commander';
import { withPaging } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';
import type { UserActivationOptions } from './activation.ts';
import type { UserSessionsOptions } from './sessions.ts';

/** `users list|sync|activate|deactivate|sessions` (admin). */
export const registerUsers = (program: Command, { t, action }: Registrar) => {
  const users = program.command('users').description(t('cli.commands.users'));
  examples(
    withPaging(users.command('list'), t)
      .description(t('cli.commands.usersList'))
      .action(action(() => import('./list.ts'))),
    t,
    [
      'extranet users list',
      'extranet users list --sort login,asc --size 100 --json',
      'extranet users list --all | cut -f1',
    ],
  );
  examples(
    users
      .command('sync')
      .description(t('cli.commands.usersSync'))
      .action(action(() => import('./sync.ts'))),
    t,
    ['extranet users sync', 'extranet users sync --json'],
  );
  for (const verb of ['activate', 'deactivate'] as const) {
    examples(
      users
        .command(verb)
        .description(t(`cli.commands.users_${verb}`))
        .argument('<login>', t('cli.options.login'))
        .action(
          action<UserActivationOptions>(
            () => (verb === 'activate' ? import('./activate.ts') : import('./deactivate.ts')),
            ([login], opts) => ({ ...opts, login: login! }),
          ),
        ),
      t,
      [`extranet users ${verb} jdupont`],
    );
  }
  examples(
    users
      .command('sessions')
      .description(t('cli.commands.usersSessions'))
      .argument('<login>', t('cli.options.login'))
      .option('--end', t('cli.options.endSessions'))
      .action(
        action<UserSessionsOptions>(
          () => import('./sessions.ts'),
          ([login], opts) => ({ login: login!, end: opts.end === true }),
        ),
      ),
    t,
    ['extranet users sessions jdupont', 'extranet users sessions jdupont --end'],
  );
};
