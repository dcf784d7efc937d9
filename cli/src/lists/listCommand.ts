import type { Command } from 'commander';
import { offerValues } from '../commands/completion/tree.ts';
import type { Translator } from '../i18n/translate.ts';

/** Repeatable commander options collect into an array. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * Declares the shared list options on a commander command (same names as the web's filters),
 * with `--saved`, one of the user's saved lists of that list (the lists with filters have one).
 * `--preset` exists only on lists that have presets, and its help names them.
 */
export const withListOptions = (
  command: Command,
  t: Translator,
  presets: readonly string[] = [],
  filters = true,
): Command => {
  if (filters) {
    command
      .option('-f, --filter <field.op=value>', t('cli.options.filter'), collect)
      .option('-q, --q <text>', t('cli.options.q'))
      .option('--saved <name>', t('cli.options.saved'));
  }
  if (presets.length > 0) {
    command.option('--preset <code>', t('cli.options.preset', { presets: presets.join(', ') }));
    offerValues(command, '--preset', presets);
  }
  return withPaging(command, t);
};

/** `--sort`, `--page`, `--size` and `--all`: every list has them. */
export const withPaging = (command: Command, t: Translator): Command =>
  command
    .option('--sort <field[,asc|desc]>', t('cli.options.sort'), collect)
    .option('--page <n>', t('cli.options.page'))
    .option('--size <n>', t('cli.options.size'))
    .option('--all', t('cli.options.all'))
    .option('--paginate', t('cli.options.paginate'));
