import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { InsuredIdOptions } from './access-log.ts';
import type { InsuredAnonymiseOptions } from './anonymise.ts';
import type { InsuredPersonalDataOptions } from './personal-data.ts';
import type { InsuredShowOptions } from './show.ts';

/** `insured show|personal-data|access-log|anonymise`: one insured person and their rights (docs/security.md "Data protection"). */
export const registerPersonalData = (insured: Command, { t, action }: Registrar) => {
  const withId = <O>(opts: Record<string, unknown>, id: string | undefined) => ({ ...opts, id: id! }) as O;
  examples(
    insured
      .command('show')
      .description(t('cli.commands.insuredShow'))
      .argument('<idAssure>', t('cli.options.idAssure'))
      .option('--reveal-nir', t('cli.options.revealNir'))
      .action(
        action<InsuredShowOptions>(
          () => import('./show.ts'),
          ([id], opts) => withId(opts, id),
        ),
      ),
    t,
    ['extranet insured show 100042', 'extranet insured show 100042 --reveal-nir --json'],
  );
  examples(
    insured
      .command('personal-data')
      .description(t('cli.commands.insuredPersonalData'))
      .argument('<idAssure>', t('cli.options.idAssure'))
      .option('--pdf', t('cli.options.pdf'))
      .option('-o, --out <file>', t('cli.options.out'))
      .option('--force', t('cli.options.force'))
      .action(
        action<InsuredPersonalDataOptions>(
          () => import('./personal-data.ts'),
          ([id], opts) => withId(opts, id),
        ),
      ),
    t,
    ['extranet insured personal-data 100042', 'extranet insured personal-data 100042 --pdf --out dupont.pdf'],
  );
  examples(
    insured
      .command('access-log')
      .description(t('cli.commands.insuredAccessLog'))
      .argument('<idAssure>', t('cli.options.idAssure'))
      .action(
        action<InsuredIdOptions>(
          () => import('./access-log.ts'),
          ([id], opts) => withId(opts, id),
        ),
      ),
    t,
    ['extranet insured access-log 100042'],
  );
  examples(
    insured
      .command('anonymise')
      .description(t('cli.commands.insuredAnonymise'))
      .argument('<idAssure>', t('cli.options.idAssure'))
      .option('--force', t('cli.options.anonymiseForce'))
      .action(
        action<InsuredAnonymiseOptions>(
          () => import('./anonymise.ts'),
          ([id], opts) => withId(opts, id),
        ),
      ),
    t,
    ['extranet insured anonymise 100042', 'extranet insured anonymise 100042 --force'],
  );
};
