import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';

const script = async (shell: string) => {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => {
    text += c.toString();
  });
  const stderr = new PassThrough();
  const code = await runCli(['completion', shell], {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: { EXTRANET_LANG: 'en', EXTRANET_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'compl-')) },
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, text };
};

/** Sources the bash script and asks it what follows the typed words. */
const complete = (file: string, words: string[]) =>
  spawnSync(
    'bash',
    [
      '-c',
      `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _extranet; echo "\${COMPREPLY[*]}"`,
    ],
    { encoding: 'utf8' },
  ).stdout.trim();

describe('completion', () => {
  it('bash: commands, then subcommands, then their options, from the real command tree', async () => {
    const { code, text } = await script('bash');
    expect(code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'compl-')), 'extranet.bash');
    writeFileSync(file, text);
    expect(complete(file, ['extranet', 'sta']).split(' ')).toEqual(['statements']);
    expect(complete(file, ['extranet', 'statements', '']).split(' ')).toEqual(
      expect.arrayContaining(['list', 'show', 'export', 'pdf']),
    );
    expect(complete(file, ['extranet', 'statements', 'export', '--f']).split(' ')).toEqual(['--force']);
    expect(complete(file, ['extranet', '--json', 'policies', 'list', '--pr']).split(' ')).toEqual([
      '--preset',
    ]);
    expect(complete(file, ['extranet', 'statements', 'list', '--pr'])).toBe(''); // no presets on statements
  });

  it('bash: offers the known values after a flag or at an argument, and skips a flag with its value', async () => {
    const { text } = await script('bash');
    const file = join(mkdtempSync(join(tmpdir(), 'compl-')), 'extranet.bash');
    writeFileSync(file, text);
    const words = (typed: string[]) => complete(file, typed).split(' ');
    expect(words(['extranet', '--output', ''])).toEqual(['table', 'tsv', 'csv', 'json']);
    expect(words(['extranet', 'policies', 'list', '--output', 'c'])).toEqual(['csv']);
    expect(words(['extranet', 'policies', 'list', '--preset', ''])).toEqual(
      expect.arrayContaining(['RES', 'SEF', 'IMP']),
    );
    expect(words(['extranet', 'logs', 'set', 'root', ''])).toEqual([
      'TRACE',
      'DEBUG',
      'INFO',
      'WARN',
      'ERROR',
      'OFF',
    ]);
    expect(words(['extranet', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(words(['extranet', 'statements', 'entries', '2026-01', '2026-12', '--format', ''])).toEqual([
      'fec',
      'csv',
    ]);
    // A flag's value is not taken for a command: the path goes on after it.
    expect(words(['extranet', '--server', 'https://x.example', 'statem'])).toEqual(['statements']);
    expect(words(['extranet', 'policies', 'list', '--filter', 'statut.equals=Résilié', '--pr'])).toEqual([
      '--preset',
    ]);
    // A value nobody can list (an address) gets no suggestion rather than commands.
    expect(complete(file, ['extranet', '--server', ''])).toBe('');
  });

  it('zsh and fish scripts name every command; an unknown shell is a usage error', async () => {
    const zsh = await script('zsh');
    expect(zsh.text.startsWith('#compdef extranet\n')).toBe(true);
    expect(zsh.text).toContain("'statements export') echo");
    const fish = await script('fish');
    expect(fish.text).toContain("complete -c extranet -n '__fish_use_subcommand' -a statements");
    expect(fish.text).toMatch(/__fish_seen_subcommand_from export' -l force/);
    expect(fish.text).toContain("-l output -xa 'table tsv csv json'");
    expect(fish.text).toContain(
      "complete -c extranet -n '__fish_seen_subcommand_from set' -xa 'TRACE DEBUG INFO WARN ERROR OFF'",
    );
    expect(zsh.text).toContain("'logs set|#1') echo 'TRACE DEBUG INFO WARN ERROR OFF' ;;");
    expect((await script('tcsh')).code).toBe(2);
  });
});
