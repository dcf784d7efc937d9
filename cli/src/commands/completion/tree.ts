import type { Command } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** A command as the completion scripts see it: its words and its subcommands. */
export interface CommandTree {
  readonly name: string;
  readonly description: string;
  /** Long and short flags (`--server`, `-s`); `values` when the flag takes one of a known list. */
  readonly options: readonly {
    readonly flags: readonly string[];
    readonly description: string;
    /** The flag is followed by a value (`--output <format>`). */
    readonly takesValue: boolean;
    readonly values: readonly string[];
  }[];
  /** The known values of each positional argument, in order (empty when any text goes). */
  readonly arguments: readonly (readonly string[])[];
  readonly commands: readonly CommandTree[];
}

export interface CompletionOptions {
  readonly shell: string;
  readonly tree: CommandTree;
}

/** Values offered for a flag (`--output`) or a positional argument (its index) of a command. */
const offered = new WeakMap<Command, Map<string | number, readonly string[]>>();

/**
 * Declares the values completion offers after `flag` (or at positional argument `flag` when a
 * number), beside the command's own check of them: commander's `choices` would replace our
 * translated usage errors with its English ones.
 */
export const offerValues = <C extends Command>(
  command: C,
  flag: string | number,
  values: readonly string[],
): C => {
  const known = offered.get(command) ?? new Map<string | number, readonly string[]>();
  known.set(flag, values);
  offered.set(command, known);
  return command;
};

/** Reads commander's declarations, so completion never lags behind the commands. */
export const describeTree = (command: Command): CommandTree => ({
  name: command.name(),
  description: command.description(),
  options: command.options
    .filter((o) => !o.hidden)
    .map((o) => ({
      flags: [o.long, o.short].filter((f): f is string => f !== undefined),
      description: o.description,
      takesValue: o.required || o.optional,
      values: (o.long && offered.get(command)?.get(o.long)) || [],
    })),
  arguments: command.registeredArguments.map((_, i) => offered.get(command)?.get(i) ?? []),
  commands: command.commands.map(describeTree),
});
