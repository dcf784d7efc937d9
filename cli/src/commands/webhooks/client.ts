import type { Deps } from '../../deps.ts';
import { usageError } from '../../errors.ts';
import { requirePersonSession } from '../tokens/guard.ts';

/** The API client and the webhooks endpoints, after checking the session is a person's. */
export const webhooksClient = async (deps: Deps) => {
  requirePersonSession(deps, 'cli.webhooks.fromToken');
  const [client, { call }, { webhooks }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/webhooks.ts'),
  ]);
  return { client, call, webhooks };
};

/** A row key given on the command line, or a usage error naming it. */
export const keyArgument = (deps: Deps, value: string): number => {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw usageError(deps.t('cli.webhooks.badId', { value }));
  return Number(value);
};
