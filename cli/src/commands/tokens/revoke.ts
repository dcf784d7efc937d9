import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { requirePersonSession } from './guard.ts';

/** `extranet tokens revoke <id>`: the token is refused from its next request. */
export const run = async (opts: { readonly id: string }, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (!/^[1-9]\d{0,15}$/.test(opts.id)) throw usageError(t('cli.tokens.badId', { value: opts.id }));
  requirePersonSession(deps);
  const [client, { call }, { tokens: endpoints }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/tokens.ts'),
  ]);
  await client.call(call(endpoints.revoke, { params: { id: Number(opts.id) } }), {
    notFound: t('cli.tokens.notFound', { id: opts.id }),
  });
  if (deps.out.format === 'json') printJson(deps, { revoked: Number(opts.id) });
  else status(deps, t('cli.tokens.revoked', { id: opts.id }));
  return ExitCode.ok;
};
