import { createRequire } from 'node:module';
import type { Contract } from '@extranet/core/contract/contract.ts';
import { Command, CommanderError } from 'commander';
import { registerAnomalies } from './commands/anomalies/register.ts';
import { registerApi } from './commands/api/register.ts';
import { registerCompletion } from './commands/completion/register.ts';
import { offerValues } from './commands/completion/tree.ts';
import { registerContext } from './commands/context/register.ts';
import { registerDisputes } from './commands/disputes/register.ts';
import { registerSystem } from './commands/health/register.ts';
import { registerImport } from './commands/import/register.ts';
import { registerLogs } from './commands/logs/register.ts';
import { registerPassword } from './commands/password/register.ts';
import { registerPortfolio } from './commands/policies/register.ts';
import { registerSession } from './commands/session/register.ts';
import { registerSessions } from './commands/sessions/register.ts';
import { registerStatements } from './commands/statements/register.ts';
import { registerTimeline } from './commands/timeline/register.ts';
import { registerTokens } from './commands/tokens/register.ts';
import { registerUsers } from './commands/users/register.ts';
import { registerWebhooks } from './commands/webhooks/register.ts';
import { CliError, ExitCode } from './errors.ts';
import { detectLanguage } from './i18n/language.ts';
import { createTranslator } from './i18n/translate.ts';
import type { Io } from './io.ts';
import { OUTPUT_FORMATS, resolveOutput } from './output/format.ts';
import type { Registrar } from './registry.ts';
import { resolveServer } from './server.ts';
import { configDir } from './session/configDir.ts';
import { readSettings } from './settings.ts';

const VERSION = '1.0.3';

/**
 * Parses `argv` and runs one command; resolves to the exit code. Only commander and the texts
 * load up front: a command's module and the parts of core it uses load when that command runs.
 */
export const runCli = async (
  argv: readonly string[],
  io: Io,
  /** A contract for `extranet api` other than core's own (a test's copy with an endpoint added). */
  options: { readonly contract?: Contract } = {},
): Promise<number> => {
  // Core's texts load synchronously when first needed (require of an ES module, Node ≥ 22.12).
  const t = createTranslator(
    detectLanguage(io.env),
    () => createRequire(import.meta.url)('@extranet/core/i18n/resources.ts').resources,
  );
  let exitCode: number = ExitCode.ok;
  let failure: unknown;

  const registrar: Registrar = {
    t,
    action:
      (load, toOpts) =>
      async (...args: unknown[]) => {
        const command = args.at(-1) as Command;
        // Variadic arguments (`<files...>`) arrive as one array: flatten them into the positionals.
        const positional = args
          .slice(0, -2)
          .flat()
          .filter((arg): arg is string => typeof arg === 'string');
        const parsed = command.optsWithGlobals() as Record<string, unknown>;
        const opts = toOpts ? toOpts(positional, parsed) : parsed;
        const settings = readSettings(io.env, t, parsed.debug === true);
        const out = resolveOutput(io, parsed, t);
        const choice = resolveServer(
          parsed as { server?: string; context?: string },
          io.env,
          configDir(io.env),
          t,
        );
        const [{ makeDeps }, module, { toCliError }] = await Promise.all([
          import('./deps.ts'),
          load(),
          import('./apiErrors.ts'),
        ]);
        const deps = {
          ...makeDeps(io, t, choice, settings, out),
          ...(options.contract === undefined ? {} : { contract: options.contract }),
        };
        try {
          exitCode = await module.run(opts as never, deps);
        } catch (error) {
          failure = toCliError(error, deps);
        }
      },
  };

  const program = new Command('extranet')
    .description(t('cli.description'))
    .version(VERSION, '-V, --version', t('cli.options.version'))
    .helpOption('-h, --help', t('cli.options.help'))
    .helpCommand(false)
    .option('-s, --server <url>', t('cli.options.server'))
    .option('-c, --context <name>', t('cli.options.context'))
    .option('--output <format>', t('cli.options.output'))
    .option('--json', t('cli.options.json'))
    .option('--no-color', t('cli.options.noColor'))
    .option('--debug', t('cli.options.debug'))
    .showSuggestionAfterError(true)
    // A subcommand's help lists the program's flags too (--json, --output, --server), as gh does.
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // One line saying what to do, in place of commander's bare message.
      outputError: (text, write) =>
        write(`extranet: ${t('cli.errors.usage', { text: text.trim().replace(/^error: /, '') })}\n`),
    });
  offerValues(program, '--output', OUTPUT_FORMATS);
  for (const register of [
    registerSession,
    registerSessions,
    registerTokens,
    registerWebhooks,
    registerPassword,
    registerContext,
    registerPortfolio,
    registerStatements,
    registerAnomalies,
    registerDisputes,
    registerTimeline,
    registerUsers,
    registerLogs,
    registerImport,
    registerSystem,
    registerApi,
    registerCompletion,
  ]) {
    register(program, registrar);
  }
  // Subcommands (and theirs) exit and print like the program.
  const override = (command: Command) => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput(program.configureOutput());
      override(sub);
    }
  };
  override(program);
  // Bare `extranet` is a request for help, as with gh: on stdout, exit 0.
  if (argv.length === 0) {
    program.outputHelp();
    return ExitCode.ok;
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    failure = error;
  }
  if (failure === undefined) return exitCode;
  if (failure instanceof CommanderError) {
    const done = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(failure.code);
    return done ? ExitCode.ok : ExitCode.usage;
  }
  if (failure instanceof CliError) {
    io.stderr.write(`extranet: ${failure.message}\n`);
    return failure.exitCode;
  }
  io.stderr.write(
    `extranet: ${t('cli.errors.unexpected', { text: failure instanceof Error ? failure.message : String(failure) })}\n`,
  );
  return ExitCode.failure;
};
