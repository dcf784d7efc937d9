import type { Command } from 'commander';

/** A command as the completion scripts see it: its words and its subcommands. */
export interface CommandTree {
  readonly name: string;
  readonly description: string;
  /** Long and short flags (`--server`, `-s`). */
  readonly options: readonly { readonly flags: readonly string[]; readonly description: string }[];
  readonly commands: readonly CommandTree[];
}

export interface CompletionOptions {
  readonly shell: string;
  readonly tree: CommandTree;
}

/** Reads commander's declarations, so completion never lags behind the commands. */
export const describeTree = (command: Command): CommandTree => ({
  name: command.name(),
  description: command.description(),
  options: command.options
    .filter((o) => !o.hidden)
    .map((o) => ({
      flags: [o.long, o.short].filter((f): f is string => f !== undefined),
      description: o.description,
    })),
  commands: command.commands.map(describeTree),
});
