import type { Account } from '@extranet/core/domain/account.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import { readAll } from '../../io.ts';
import { printJson, status } from '../../output/print.ts';
import type { PromptedCredentials } from '../../ui/LoginPrompt.ts';

export interface LoginOptions {
  readonly username?: string;
  readonly passwordStdin?: boolean;
  readonly remember?: boolean;
}

export interface LoginDeps extends Deps {
  /** Asks for what is missing; undefined when the user cancels. Defaults to the Ink prompt. */
  readonly prompt?: (initialUsername: string | undefined) => Promise<PromptedCredentials | undefined>;
}

/** Keys of core's auth machine errors that mean "refused", not "failed". */
const REFUSED = 'login.messages.error.authentication';
const UNREACHABLE = 'error.server.not.reachable';

const credentialsFrom = async (opts: LoginOptions, deps: LoginDeps): Promise<PromptedCredentials> => {
  const { io, t } = deps;
  if (opts.passwordStdin) {
    if (!opts.username) throw usageError(t('cli.login.needUsername'));
    const password = (await readAll(io.stdin)).replace(/\r?\n$/, '');
    if (password === '') throw usageError(t('cli.login.emptyPassword'));
    return { username: opts.username, password };
  }
  if (io.stdin.isTTY !== true) throw usageError(t('cli.login.needUsername'));
  const prompt =
    deps.prompt ??
    (async (initial: string | undefined) =>
      (await import('../../ui/askCredentials.ts')).askCredentials(deps, initial));
  const answer = await prompt(opts.username);
  // Esc or Ctrl-C at the prompt: an interruption, exit 130 as a shell reports Ctrl-C.
  if (answer === undefined) throw new CliError(t('cli.login.cancelled'), ExitCode.interrupted);
  return answer;
};

/**
 * `extranet login`: core's auth machine does the sign-in (token then account) and saves the
 * token through the file store; the CLI only reads the final state.
 */
export const run = async (opts: LoginOptions, deps: LoginDeps): Promise<number> => {
  const { t, server } = deps;
  const { username, password } = await credentialsFrom(opts, deps);
  // Core's auth machine and Effect client: the one command that loads them.
  const [{ provideAuth }, { createActor, waitFor }, core] = await Promise.all([
    import('@extranet/core/runtime/authRuntime.ts'),
    import('xstate'),
    deps.core(),
  ]);
  const actor = createActor(provideAuth(core.api, () => {}));
  actor.start();
  actor.send({ type: 'modal.open' });
  actor.send({
    type: 'signIn.submit',
    credentials: { username, password, rememberMe: opts.remember === true },
  });
  let snapshot: ReturnType<typeof actor.getSnapshot>;
  try {
    snapshot = await waitFor(actor, (s) => s.hasTag('authenticated') || s.matches({ anonymous: 'failed' }), {
      timeout: deps.timeoutMs,
    });
  } catch {
    throw new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
  } finally {
    actor.stop();
  }
  const { account, error } = snapshot.context;
  if (!snapshot.hasTag('authenticated') || account === null) {
    if (error?.key === REFUSED) throw new CliError(t.message(error), ExitCode.auth);
    if (error?.key === UNREACHABLE)
      throw new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
    throw new CliError(error ? t.message(error) : t('error.unexpected'), ExitCode.failure);
  }
  if (deps.out.format === 'json') printJson(deps, { server, account: account satisfies Account });
  else status(deps, t('cli.login.done', { login: account.login, server }));
  if (deps.tokens.source === 'env') status(deps, t('cli.login.envWins'));
  return ExitCode.ok;
};
