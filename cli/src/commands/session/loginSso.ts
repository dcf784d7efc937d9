import type * as Http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SSO_LOOPBACK_PATH,
  ssoAuthorizeUrl,
  ssoRefusalOf,
  ssoVerifierPair,
} from '@extranet/core/domain/sso.ts';
import { CliError, ExitCode } from '../../errors.ts';
import { status } from '../../output/print.ts';
import { type LoginDeps, type LoginOptions, reportSignIn } from './login.ts';

/** How long the user may take in the browser. */
const WAIT_MS = 5 * 60_000;

type Answer = { readonly code: string } | { readonly error: string };

/**
 * A one-shot listener on 127.0.0.1 and a port the system picks (RFC 8252 §7.3): the server sends
 * the browser there with the one-time code, or with the reason of a refusal. It answers that one
 * request with a page saying the terminal has it, then closes; anything else is 404.
 */
const loopback = async (deps: LoginDeps) => {
  let settle: (answer: Answer) => void = () => {};
  const answered = new Promise<Answer>((resolve) => {
    settle = resolve;
  });
  // `getBuiltinModule` when it is needed: the bundle is one file, whose imports of Node's modules
  // all load at start, and only `login --sso` uses node:http's server.
  const { createServer } = process.getBuiltinModule('node:http') as typeof Http;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error');
    if (request.method !== 'GET' || url.pathname !== SSO_LOOPBACK_PATH || (code === null && error === null)) {
      response.writeHead(404).end();
      return;
    }
    const text = deps.t(code !== null ? 'cli.login.ssoBrowserDone' : 'cli.login.ssoBrowserRefused');
    response
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end(`${text}\n`);
    settle(code !== null ? { code } : { error: error ?? '' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, answered, close: () => server.close() };
};

/**
 * `extranet login --sso`: the address to open is printed (the browser signs in at the provider,
 * as on the web); the server sends the one-time code to this process's loopback listener, and
 * core's auth machine exchanges it with the verifier made here. Nothing is typed in the terminal.
 */
export const runSso = async (opts: LoginOptions, deps: LoginDeps): Promise<number> => {
  const { t } = deps;
  const [{ provideAuth }, { createActor, waitFor }, core, { verifier, challenge }] = await Promise.all([
    import('@extranet/core/runtime/authRuntime.ts'),
    import('xstate'),
    deps.api(),
    ssoVerifierPair(),
  ]);
  const listener = await loopback(deps);
  let answer: Answer;
  try {
    const address = ssoAuthorizeUrl(deps.server, {
      challenge,
      rememberMe: opts.remember === true,
      loopbackPort: listener.port,
    });
    status(deps, t('cli.login.ssoOpen'));
    deps.io.stderr.write(`  ${address}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CliError(t('cli.login.ssoTimeout'), ExitCode.auth)), WAIT_MS);
    });
    answer = await Promise.race([listener.answered, timeout]).finally(() => clearTimeout(timer));
  } finally {
    listener.close();
  }
  if ('error' in answer) {
    throw new CliError(t(`login.sso.error.${ssoRefusalOf(answer.error) ?? 'provider-error'}`), ExitCode.auth);
  }
  const actor = createActor(provideAuth(core.runtime, () => {}));
  actor.start();
  actor.send({
    type: 'sso.finish',
    code: answer.code,
    codeVerifier: verifier,
    rememberMe: opts.remember === true,
  });
  try {
    const snapshot = await waitFor(
      actor,
      (s) => s.hasTag('authenticated') || s.matches({ anonymous: 'failed' }),
      {
        timeout: deps.timeoutMs,
      },
    ).catch(() => {
      throw new CliError(t('cli.errors.unreachable', { server: deps.server }), ExitCode.failure);
    });
    return reportSignIn(deps, snapshot.context, snapshot.hasTag('authenticated'));
  } finally {
    actor.stop();
  }
};
