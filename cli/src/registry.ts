import type { Command } from 'commander';
import type { Deps } from './deps.ts';
import type { Translator } from './i18n/translate.ts';

/** A command module: `commands/<noun>/<verb>.ts` exports `run(opts, deps)`, loaded only when used. */
export interface CommandModule<O> {
  run(opts: O, deps: Deps): Promise<number>;
}

export type Loader<O> = () => Promise<CommandModule<O>>;

/** What the per-noun `register.ts` files get: texts, and a way to bind a lazy command to commander. */
export interface Registrar {
  readonly t: Translator;
  /**
   * The commander action for a command: `toOpts` turns positional arguments and parsed options
   * (global ones included) into the command's options.
   */
  action<O>(
    load: Loader<O>,
    toOpts?: (args: string[], opts: Record<string, unknown>) => O,
  ): (...args: unknown[]) => Promise<void>;
}

/** Appends an "Examples" section to a command's help. */
export const examples = (command: Command, t: Translator, lines: readonly string[]): Command =>
  command.addHelpText(
    'after',
    `\n${t('cli.help.examples')}\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`,
  );
