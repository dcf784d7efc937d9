import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import type { Io } from './io.ts';

/** runCli in process with captured streams: help and usage errors need no server. */
const run = async (argv: string[], env: Record<string, string> = { EXTRANET_LANG: 'en' }) => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const io: Io = { stdout, stderr, stdin: new PassThrough(), env };
  const code = await runCli(argv, io);
  return { code, stdout: out, stderr: err };
};

describe('runCli', () => {
  it('lists every command in the help, in French by default', async () => {
    const help = await run(['--help'], {});
    expect(help.code).toBe(0);
    for (const command of [
      'login',
      'logout',
      'whoami',
      'policies',
      'insured',
      'statements',
      'users',
      'logs',
      'health',
      'metrics',
      'import',
      'context',
      'completion',
    ]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    expect(help.stdout).toContain('Le compagnon en ligne de commande');
  });

  it('each subcommand’s help ends with examples', async () => {
    const help = await run(['statements', 'export', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:\n  $ extranet statements export 1042\n');
  });

  it('usage errors: one line on stderr, exit 2', async () => {
    expect(await run(['statements', 'frobnicate'])).toMatchObject({ code: 2, stdout: '' });
    const missing = await run(['statements', 'show']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`extranet: missing required argument 'id' (see "extranet --help")\n`);
  });

  it('global options for scripts are in the help; a bad --output is a usage error', async () => {
    const help = await run(['--help']);
    for (const option of ['--output <format>', '--no-color', '--debug', '--context <name>'])
      expect(help.stdout).toContain(option);
    expect(await run(['--output', 'xml', 'whoami'])).toMatchObject({
      code: 2,
      stderr: 'extranet: Invalid --output "xml": one of table, tsv, csv, json\n',
    });
  });

  it('--preset is offered only where the list has presets, naming them', async () => {
    const flat = async (args: string[]) => (await run(args)).stdout.replace(/\s+/g, ' ');
    expect(await flat(['policies', 'list', '--help'])).toContain(
      '--preset <code> predefined filter of this list (NOF, SEF, RES, IMP, MED, NRS, VIG)',
    );
    expect(await flat(['insured', 'list', '--help'])).toContain('(NOF, SEF, RES, NRS, VIG)');
    expect((await run(['statements', 'list', '--help'])).stdout).not.toContain('--preset');
  });

  it('bare extranet prints its help on stdout and exits 0, as gh does', async () => {
    const bare = await run([]);
    expect(bare).toMatchObject({ code: 0, stderr: '' });
    expect(bare.stdout).toBe((await run(['--help'])).stdout);
  });

  it('a subcommand’s help lists the inherited flags', async () => {
    const help = (await run(['policies', 'list', '--help'])).stdout;
    const globals = help.slice(help.indexOf('Global Options:'));
    expect(help).toContain('Global Options:');
    for (const option of ['--json', '--output <format>', '-s, --server <url>'])
      expect(globals).toContain(option);
  });

  it('--version prints the version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: '1.0.3\n' });
  });
});
