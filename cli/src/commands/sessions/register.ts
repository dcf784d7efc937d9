import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { SessionsEndOptions } from './end.ts';

/** `sessions [list]`, `sessions end <id>|--all-others`: the signed-in user's sessions. */
export const registerSessions = (program: Command, { t, action }: Registrar) => {
  const sessions = program.command('sessions').description(t('cli.commands.sessions'));
  examples(
    sessions
      .command('list', { isDefault: true })
      .description(t('cli.commands.sessionsList'))
      .action(action(() => import('./list.ts'))),
    t,
    ['extranet sessions', 'extranet sessions --json'],
  );
  examples(
    sessions
      .command('end')
      .description(t('cli.commands.sessionsEnd'))
      .argument('[id]', t('cli.options.sessionId'))
      .option('--all-others', t('cli.options.allOthers'))
      .action(
        action<SessionsEndOptions>(
          () => import('./end.ts'),
          ([id], opts) => ({ ...(id === undefined ? {} : { id }), allOthers: opts.allOthers === true }),
        ),
      ),
    t,
    ['extranet sessions end 42', 'extranet sessions end --all-others'],
  );
};
