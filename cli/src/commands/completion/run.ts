import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import type { CommandTree, CompletionOptions } from './tree.ts';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** Every command path (`""`, `"statements"`, `"statements export"`) with the words that may follow it. */
const paths = (tree: CommandTree, globals: readonly string[], prefix = ''): [string, string[]][] => [
  [
    prefix,
    [
      ...tree.commands.map((c) => c.name),
      ...tree.options.flatMap((o) => o.flags.filter((f) => f.startsWith('--'))),
      ...globals,
      '--help',
    ],
  ],
  ...tree.commands.flatMap((c) => paths(c, globals, prefix === '' ? c.name : `${prefix} ${c.name}`)),
];

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A shell function mapping a command path to its words; shared by the bash and zsh scripts. */
const wordsFunction = (tree: CommandTree) => {
  const globals = tree.options.flatMap((o) => o.flags.filter((f) => f.startsWith('--')));
  const cases = paths(tree, globals)
    .map(([path, words]) => `    ${quote(path)}) echo ${quote([...new Set(words)].join(' '))} ;;`)
    .join('\n');
  return `_extranet_words() {\n  case "$1" in\n${cases}\n  esac\n}`;
};

const bash = (tree: CommandTree) => `# extranet completion for bash: source <(extranet completion bash)
${wordsFunction(tree)}
_extranet() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath="" w i
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    if [[ " $(_extranet_words "$cmdpath") " == *" $w "* ]]; then cmdpath="\${cmdpath:+$cmdpath }$w"; fi
  done
  COMPREPLY=($(compgen -W "$(_extranet_words "$cmdpath")" -- "$cur"))
}
complete -F _extranet extranet
`;

const zsh = (tree: CommandTree) => `#compdef extranet
# extranet completion for zsh: extranet completion zsh > "\${fpath[1]}/_extranet"
${wordsFunction(tree)}
_extranet() {
  local cmdpath="" w i
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    [[ $w == -* ]] && continue
    if [[ " $(_extranet_words "$cmdpath") " == *" $w "* ]]; then cmdpath="\${cmdpath:+$cmdpath }$w"; fi
  done
  compadd -- \${=$(_extranet_words "$cmdpath")}
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _extranet "$@"; else compdef _extranet extranet; fi
`;

/** fish: one `complete` line per subcommand and option, conditioned on the words already typed. */
const fish = (tree: CommandTree) => {
  const lines = [
    '# extranet completion for fish: extranet completion fish > ~/.config/fish/completions/extranet.fish',
  ];
  lines.push('complete -c extranet -f');
  const walk = (node: CommandTree, chain: readonly string[]) => {
    const siblings = node.commands.map((c) => c.name);
    const condition =
      chain.length === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${chain.at(-1)}; and not __fish_seen_subcommand_from ${siblings.join(' ') || chain.at(-1)}`;
    for (const sub of node.commands) {
      lines.push(`complete -c extranet -n ${quote(condition)} -a ${sub.name} -d ${quote(sub.description)}`);
    }
    for (const option of node.options) {
      const long = option.flags.find((f) => f.startsWith('--'))?.slice(2);
      const short = option.flags.find((f) => /^-[^-]/.test(f))?.slice(1);
      const when = chain.length === 0 ? '' : ` -n ${quote(`__fish_seen_subcommand_from ${chain.at(-1)}`)}`;
      lines.push(
        `complete -c extranet${when}${long ? ` -l ${long}` : ''}${short ? ` -s ${short}` : ''} -d ${quote(option.description)}`,
      );
    }
    for (const sub of node.commands) walk(sub, [...chain, sub.name]);
  };
  walk(tree, []);
  return `${lines.join('\n')}\n`;
};

/** `extranet completion bash|zsh|fish`: the script on stdout, to source or save. */
export const run = async (opts: CompletionOptions, deps: Deps): Promise<number> => {
  const shell = opts.shell.toLowerCase();
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw usageError(deps.t('cli.completion.badShell', { value: opts.shell, shells: SHELLS.join(', ') }));
  }
  const script = shell === 'bash' ? bash(opts.tree) : shell === 'zsh' ? zsh(opts.tree) : fish(opts.tree);
  deps.io.stdout.write(script);
  return ExitCode.ok;
};
