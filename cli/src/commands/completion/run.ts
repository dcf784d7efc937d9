import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { type CommandTree, type CompletionOptions, SHELLS } from './tree.ts';

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

/** Every command path with its node, the root first. */
const nodes = (tree: CommandTree, prefix = ''): [string, CommandTree][] => [
  [prefix, tree],
  ...tree.commands.flatMap((c) => nodes(c, prefix === '' ? c.name : `${prefix} ${c.name}`)),
];

const longFlags = (node: CommandTree, valued = false) =>
  node.options.filter((o) => !valued || o.takesValue).flatMap((o) => o.flags);

/**
 * Shell functions shared by the bash and zsh scripts: the words that may follow a command path,
 * the flags there that take a value, and the known values after a flag (`path|--flag`; the
 * program's own flags at any path) or at a positional argument (`path|#index`).
 */
const shellFunctions = (tree: CommandTree) => {
  const globals = tree.options.flatMap((o) => o.flags.filter((f) => f.startsWith('--')));
  const all = nodes(tree);
  const words = paths(tree, globals)
    .map(([path, list]) => `    ${quote(path)}) echo ${quote([...new Set(list)].join(' '))} ;;`)
    .join('\n');
  const valued = all
    .map(
      ([path, node]) =>
        `    ${quote(path)}) echo ${quote([...longFlags(node, true), ...longFlags(tree, true)].join(' '))} ;;`,
    )
    .join('\n');
  const values = all
    .flatMap(([path, node]) => [
      ...node.options
        .filter((o) => o.values.length > 0)
        .flatMap((o) =>
          o.flags.map(
            (flag) =>
              `    ${node === tree ? '*' : quote(path)}${quote(`|${flag}`)}) echo ${quote(o.values.join(' '))} ;;`,
          ),
        ),
      ...node.arguments.flatMap((list, i) =>
        list.length > 0 ? [`    ${quote(`${path}|#${i}`)}) echo ${quote(list.join(' '))} ;;`] : [],
      ),
    ])
    .join('\n');
  return [
    `_extranet_words() {\n  case "$1" in\n${words}\n  esac\n}`,
    `_extranet_valued() {\n  case "$1" in\n${valued}\n  esac\n}`,
    `_extranet_values() {\n  case "$1" in\n${values}\n  esac\n}`,
  ].join('\n');
};

/**
 * The walk over the typed words, the same in bash and zsh: flags are skipped with their value,
 * subcommand names extend the path until the first positional argument, which start counting.
 */
const typedWalk = (word: string, first: number, current: string) => `  local cmdpath="" w i n=0 skip=0 values
  for ((i = ${first}; i < ${current}; i++)); do
    w=${word}
    if ((skip)); then skip=0; continue; fi
    if [[ $w == -* ]]; then
      [[ " $(_extranet_valued "$cmdpath") " == *" $w "* ]] && skip=1
      continue
    fi
    if ((n == 0)) && [[ " $(_extranet_words "$cmdpath") " == *" $w "* ]]; then cmdpath="\${cmdpath:+$cmdpath }$w"; else n=$((n + 1)); fi
  done`;

const bash = (tree: CommandTree) => `# extranet completion for bash: source <(extranet completion bash)
${shellFunctions(tree)}
_extranet() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
${typedWalk(`"\${COMP_WORDS[i]}"`, 1, 'COMP_CWORD')}
  if ((skip)); then
    COMPREPLY=($(compgen -W "$(_extranet_values "$cmdpath|\${COMP_WORDS[COMP_CWORD-1]}")" -- "$cur"))
    return
  fi
  if [[ $cur != -* ]]; then
    values="$(_extranet_values "$cmdpath|#$n")"
    if [[ -n $values ]]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); return; fi
  fi
  COMPREPLY=($(compgen -W "$(_extranet_words "$cmdpath")" -- "$cur"))
}
complete -F _extranet extranet
`;

const zsh = (tree: CommandTree) => `#compdef extranet
# extranet completion for zsh: extranet completion zsh > "\${fpath[1]}/_extranet"
${shellFunctions(tree)}
_extranet() {
${typedWalk(`\${words[i]}`, 2, 'CURRENT')}
  if ((skip)); then compadd -- \${=$(_extranet_values "$cmdpath|\${words[CURRENT-1]}")}; return; fi
  if [[ \${words[CURRENT]} != -* ]]; then
    values=$(_extranet_values "$cmdpath|#$n")
    if [[ -n $values ]]; then compadd -- \${=values}; return; fi
  fi
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
      const value =
        option.values.length > 0 ? ` -xa ${quote(option.values.join(' '))}` : option.takesValue ? ' -r' : '';
      lines.push(
        `complete -c extranet${when}${long ? ` -l ${long}` : ''}${short ? ` -s ${short}` : ''}${value} -d ${quote(option.description)}`,
      );
    }
    const argumentValues = [...new Set(node.arguments.flat())];
    if (chain.length > 0 && argumentValues.length > 0) {
      lines.push(
        `complete -c extranet -n ${quote(`__fish_seen_subcommand_from ${chain.at(-1)}`)} -xa ${quote(argumentValues.join(' '))}`,
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
