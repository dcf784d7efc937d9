import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import { type CompletionOptions, describeTree, offerValues, SHELLS } from './tree.ts';

/** `completion bash|zsh|fish`: prints a completion script built from the commands themselves. */
export const registerCompletion = (program: Command, { t, action }: Registrar) => {
  examples(
    offerValues(
      program
        .command('completion')
        .description(t('cli.commands.completion'))
        .argument('<shell>', SHELLS.join(' | ')),
      0,
      SHELLS,
    ).action(
      action<CompletionOptions>(
        () => import('./run.ts'),
        ([shell]) => ({ shell: shell!, tree: describeTree(program) }),
      ),
    ),
    t,
    [
      'source <(extranet completion bash)            # in ~/.bashrc',
      'extranet completion zsh > ~/.zfunc/_extranet   # with fpath+=(~/.zfunc) in ~/.zshrc',
      'extranet completion fish > ~/.config/fish/completions/extranet.fish',
    ],
  );
};
