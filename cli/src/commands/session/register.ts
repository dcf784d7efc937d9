import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { LoginOptions } from './login.ts';

/** `login`, `logout`, `whoami`: the session verbs sit at the top level. */
export const registerSession = (program: Command, { t, action }: Registrar) => {
  examples(
    program
      .command('login')
      .description(t('cli.commands.login'))
      .option('-u, --username <login>', t('cli.options.username'))
      .option('--password-stdin', t('cli.options.passwordStdin'))
      .option('--remember', t('cli.options.remember'))
      .option('--code <code>', t('cli.options.code'))
      .option('--sso', t('cli.options.sso'))
      .action(action<LoginOptions>(() => import('./login.ts'))),
    t,
    [
      'extranet login',
      'extranet login --server https://extranet.example.com/ --remember',
      'extranet login --sso',
      'printf \'%s\' "$PASSWORD" | extranet login --username courtier --password-stdin',
      'printf \'%s\' "$PASSWORD" | extranet login --username compta --password-stdin --code 123456',
    ],
  );
  examples(
    program
      .command('logout')
      .description(t('cli.commands.logout'))
      .action(action(() => import('./logout.ts'))),
    t,
    ['extranet logout'],
  );
  examples(
    program
      .command('whoami')
      .description(t('cli.commands.whoami'))
      .action(action(() => import('./whoami.ts'))),
    t,
    ['extranet whoami', 'extranet whoami --json'],
  );
};
