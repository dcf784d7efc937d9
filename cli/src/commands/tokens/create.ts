import { formatInstantIn } from '@extranet/core/format/sessions.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { requirePersonSession } from './guard.ts';

export interface TokensCreateOptions {
  readonly name?: string;
  readonly scope?: string;
  readonly expires?: string;
}

/**
 * `extranet tokens create --name …`: the secret alone on stdout (so `$(…)` captures it), the
 * "shown once" notice on stderr; `--json` gives the whole answer.
 */
export const run = async (opts: TokensCreateOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const name = opts.name?.trim() ?? '';
  if (name === '') throw usageError(t('cli.tokens.needName'));
  const scope = opts.scope ?? 'read';
  if (scope !== 'read' && scope !== 'read+export')
    throw usageError(t('cli.tokens.badScope', { value: scope }));
  const expires = opts.expires ?? '90';
  if (!/^\d{1,3}$/.test(expires) || Number(expires) < 1 || Number(expires) > 365)
    throw usageError(t('cli.tokens.badExpires', { value: expires }));
  requirePersonSession(deps);
  const [client, { call }, { tokens: endpoints }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/tokens.ts'),
  ]);
  const created = await client.call(
    call(endpoints.create, { body: { name, scope, expiresInDays: Number(expires) } }),
  );
  if (deps.out.format === 'json') printJson(deps, created);
  else deps.io.stdout.write(`${created.token}\n`);
  status(
    deps,
    t('cli.tokens.created', { name: created.name, expires: formatInstantIn(t.language, created.expiresAt) }),
  );
  return ExitCode.ok;
};
