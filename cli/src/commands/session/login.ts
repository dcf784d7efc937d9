import type { Account } from '@extranet/core/domain/account.ts';
import type { Enrolment } from '@extranet/core/domain/twoFactor.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import type { MessageLike } from '../../i18n/translate.ts';
import { readAll } from '../../io.ts';
import { printJson, status } from '../../output/print.ts';
import type { PromptedCredentials } from '../../ui/LoginPrompt.ts';

export interface LoginOptions {
  readonly username?: string;
  readonly passwordStdin?: boolean;
  readonly remember?: boolean;
  /** The second factor's code (six digits or a recovery code), for scripts. */
  readonly code?: string;
  /** Single sign-on in the browser, answered on a loopback address (loginSso.ts). */
  readonly sso?: boolean;
}

export interface LoginDeps extends Deps {
  /** Asks for what is missing; undefined when the user cancels. Defaults to the Ink prompt. */
  readonly prompt?: (initialUsername: string | undefined) => Promise<PromptedCredentials | undefined>;
  /** Asks the second factor's code; undefined when the user cancels. Defaults to the Ink prompt. */
  readonly promptCode?: () => Promise<string | undefined>;
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

/** The code to send: `--code` the first time it is asked, else the prompt on a terminal. */
const codeFor = async (opts: LoginOptions, deps: LoginDeps, asked: number): Promise<string> => {
  const { io, t } = deps;
  if (opts.code !== undefined && asked === 0) return opts.code;
  // A refused --code is not asked again: a script gets the refusal.
  if (opts.code !== undefined) throw new CliError(t('login.messages.error.invalidCode'), ExitCode.auth);
  if (io.stdin.isTTY !== true || opts.passwordStdin) throw usageError(t('cli.login.needCode'));
  const prompt = deps.promptCode ?? (async () => (await import('../../ui/askCode.ts')).askCode(deps));
  const code = await prompt();
  if (code === undefined) throw new CliError(t('cli.login.cancelled'), ExitCode.interrupted);
  return code;
};

/** The QR code and secret of an enrolment, on stderr so stdout stays the command's answer. */
const showEnrolment = async (deps: LoginDeps, enrolment: Enrolment) => {
  const { default: QRCode } = await import('qrcode');
  status(deps, deps.t('login.messages.error.enrolmentRequired'));
  status(deps, deps.t('login.twoFactor.enrolHelp'));
  deps.io.stderr.write(await QRCode.toString(enrolment.otpauthUri, { type: 'terminal', small: true }));
  status(deps, deps.t('login.twoFactor.secret', { secret: enrolment.secret }));
};

/**
 * `extranet login`: core's auth machine does the sign-in (token then account) and saves the
 * token through the file store; the CLI only reads the states. When the server asks a second
 * factor it sends the code (`--code`, else a prompt), after showing the QR code when enrolling,
 * and prints the recovery codes of an enrolment.
 */
export const run = async (opts: LoginOptions, deps: LoginDeps): Promise<number> => {
  const { t, server } = deps;
  if (opts.sso) {
    if (opts.username !== undefined || opts.passwordStdin || opts.code !== undefined)
      throw usageError(t('cli.login.ssoAlone'));
    return (await import('./loginSso.ts')).runSso(opts, deps);
  }
  const { username, password } = await credentialsFrom(opts, deps);
  // Core's auth machine and Effect client: the one command that loads them.
  const [{ provideAuth }, { createActor, waitFor }, core] = await Promise.all([
    import('@extranet/core/runtime/authRuntime.ts'),
    import('xstate'),
    deps.api(),
  ]);
  // The terminal has no dialog to open: the machine takes the credentials from where it starts.
  const actor = createActor(provideAuth(core.runtime, () => {}));
  actor.start();
  actor.send({
    type: 'signIn.submit',
    credentials: { username, password, rememberMe: opts.remember === true },
  });
  let snapshot: ReturnType<typeof actor.getSnapshot>;
  let recoveryCodes: readonly string[] = [];
  try {
    for (let asked = 0; ; ) {
      try {
        snapshot = await waitFor(
          actor,
          (s) =>
            s.hasTag('authenticated') ||
            s.matches({ anonymous: 'failed' }) ||
            s.hasTag('secondFactor') ||
            s.hasTag('recoveryCodes'),
          { timeout: deps.timeoutMs },
        );
      } catch {
        throw new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
      }
      if (snapshot.hasTag('recoveryCodes')) {
        recoveryCodes = snapshot.context.recoveryCodes;
        actor.send({ type: 'recoveryCodes.ack' });
        continue;
      }
      if (!snapshot.hasTag('secondFactor')) break;
      const { challenge, error } = snapshot.context;
      if (error !== null) status(deps, t.message(error));
      if (challenge?.kind === 'enrol' && asked === 0) await showEnrolment(deps, challenge.enrolment);
      actor.send({ type: 'code.submit', code: await codeFor(opts, deps, asked++) });
      // Leave the second-factor state before waiting again.
      await waitFor(actor, (s) => !s.hasTag('secondFactor'));
    }
  } finally {
    actor.stop();
  }
  return reportSignIn(deps, snapshot.context, snapshot.hasTag('authenticated'), recoveryCodes);
};

/** The end of every sign-in, by password or SSO: the refusal's exit code, or the account. */
export const reportSignIn = (
  deps: Deps,
  context: { readonly account: Account | null; readonly error: MessageLike | null },
  authenticated: boolean,
  recoveryCodes: readonly string[] = [],
): number => {
  const { t, server } = deps;
  const { account, error } = context;
  if (!authenticated || account === null) {
    const text = error ? t.message(error) : '';
    if (error?.key === REFUSED || error?.key.startsWith('login.sso.error.'))
      throw new CliError(text, ExitCode.auth);
    if (error?.key === UNREACHABLE)
      throw new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
    throw new CliError(error ? text : t('error.unexpected'), ExitCode.failure);
  }
  if (deps.out.format === 'json')
    printJson(deps, {
      server,
      account: account satisfies Account,
      ...(recoveryCodes.length > 0 ? { recoveryCodes } : {}),
    });
  else {
    if (recoveryCodes.length > 0) {
      status(deps, `${t('login.twoFactor.recoveryTitle')} — ${t('login.twoFactor.recoveryHelp')}`);
      deps.io.stdout.write(`${recoveryCodes.join('\n')}\n`);
    }
    status(deps, t('cli.login.done', { login: account.login, server }));
  }
  if (deps.tokens.source === 'env') status(deps, t('cli.login.envWins'));
  return ExitCode.ok;
};
