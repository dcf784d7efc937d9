import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { keyArgument, webhooksClient } from './client.ts';

/** `extranet webhooks delete <id>`: the endpoint and its delivery log are gone. */
export const run = async (opts: { readonly id: string }, deps: Deps): Promise<number> => {
  const { t } = deps;
  const id = keyArgument(deps, opts.id);
  const { client, call, webhooks } = await webhooksClient(deps);
  await client.call(call(webhooks.remove, { params: { id } }), {
    notFound: t('cli.webhooks.notFound', { id }),
  });
  if (deps.out.format === 'json') printJson(deps, { deleted: id });
  else status(deps, t('cli.webhooks.deleted', { id }));
  return ExitCode.ok;
};
