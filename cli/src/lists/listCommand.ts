import type { Command } from 'commander';
import type { Translator } from '../i18n/translate.ts';
import { collect } from './listOptions.ts';

/** Declares the shared list options on a commander command (same names as the web's filters). */
export const withListOptions = (command: Command, t: Translator): Command =>
  command
    .option('-f, --filter <field.op=value>', t('cli.options.filter'), collect)
    .option('--preset <code>', t('cli.options.preset'))
    .option('-q, --q <text>', t('cli.options.q'))
    .option('--sort <field[,asc|desc]>', t('cli.options.sort'), collect)
    .option('--page <n>', t('cli.options.page'))
    .option('--size <n>', t('cli.options.size'));
