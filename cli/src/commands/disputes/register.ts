import type { Command } from 'commander';
import { collect } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';
import { offerValues } from '../completion/tree.ts';
import type { DisputesDecideOptions } from './decide.ts';
import type { DisputesListOptions } from './list.ts';
import type { DisputesOpenOptions } from './open.ts';
import { OUTCOMES } from './outcomes.ts';
import type { DisputesReplyOptions } from './reply.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** `disputes list|show|open|reply|decide`: disputes with the insurer's back office (docs/disputes.md). */
export const registerDisputes = (program: Command, { t, action }: Registrar) => {
  const disputes = program.command('disputes').description(t('cli.disputes.command'));
  examples(
    disputes
      .command('list', { isDefault: true })
      .description(t('cli.disputes.list'))
      .option('--status <status>', t('cli.disputes.status'))
      .option('--size <n>', t('cli.disputes.size'))
      .action(
        action<DisputesListOptions>(
          () => import('./list.ts'),
          (_args, opts) => defined({ status: text(opts.status), size: text(opts.size) }),
        ),
      ),
    t,
    ['extranet disputes', 'extranet disputes list --status INFO_REQUESTED --json'],
  );
  examples(
    disputes
      .command('show')
      .description(t('cli.disputes.show'))
      .argument('<id>', t('cli.disputes.id'))
      .action(
        action<{ id: string }>(
          () => import('./show.ts'),
          ([id]) => ({ id: id ?? '' }),
        ),
      ),
    t,
    ['extranet disputes show 12'],
  );
  examples(
    disputes
      .command('open')
      .description(t('cli.disputes.open'))
      .option('--from <anomaly|line|statement|policy>', t('cli.disputes.from'))
      .option('--id <n>', t('cli.disputes.sourceId'))
      .option('--reason <reason>', t('cli.disputes.reason'))
      .option('--amount <euros>', t('cli.disputes.amount'))
      .option('--message <text>', t('cli.disputes.message'))
      .option('--file <path>', t('cli.disputes.file'), collect)
      .action(
        action<DisputesOpenOptions>(
          () => import('./open.ts'),
          (_args, opts) =>
            defined({
              from: text(opts.from),
              id: text(opts.id),
              reason: text(opts.reason),
              amount: text(opts.amount),
              message: text(opts.message),
              file: opts.file as string[] | undefined,
            }),
        ),
      ),
    t,
    [
      'extranet disputes open --from anomaly --id 17 --reason MISSING_COMMISSION --amount 52.23 --message "La commission de novembre manque." --file releve.pdf',
    ],
  );
  examples(
    disputes
      .command('reply')
      .description(t('cli.disputes.reply'))
      .argument('<id>', t('cli.disputes.id'))
      .option('--message <text>', t('cli.disputes.message'))
      .option('--file <path>', t('cli.disputes.file'), collect)
      .option('--reopen', t('cli.disputes.reopen'))
      .action(
        action<DisputesReplyOptions>(
          () => import('./reply.ts'),
          ([id], opts) =>
            defined({
              id: id ?? '',
              message: text(opts.message),
              file: opts.file as string[] | undefined,
              reopen: opts.reopen === true ? true : undefined,
            }),
        ),
      ),
    t,
    [
      'extranet disputes reply 12 --message "Voici le bulletin." --file bulletin.pdf',
      'extranet disputes reply 12 --reopen --message "Je conteste le refus."',
    ],
  );
  examples(
    offerValues(
      disputes
        .command('decide')
        .description(t('cli.disputes.decide'))
        .argument('<id>', t('cli.disputes.id'))
        .option('--outcome <outcome>', t('cli.disputes.outcome'))
        .option('--message <text>', t('cli.disputes.message'))
        .option('--correction <euros>', t('cli.disputes.correction'))
        .option('--file <path>', t('cli.disputes.file'), collect),
      '--outcome',
      Object.keys(OUTCOMES),
    ).action(
      action<DisputesDecideOptions>(
        () => import('./decide.ts'),
        ([id], opts) =>
          defined({
            id: id ?? '',
            outcome: text(opts.outcome),
            message: text(opts.message),
            correction: text(opts.correction),
            file: opts.file as string[] | undefined,
          }),
      ),
    ),
    t,
    [
      'extranet disputes decide 12 --outcome ask --message "Merci de joindre le bulletin."',
      'extranet disputes decide 12 --outcome accept --correction 52.23 --message "Régularisation au prochain bordereau."',
      'extranet disputes decide 12 --outcome reject --message "La résiliation date du 3 mars."',
    ],
  );
};
