/** What the insured person's data-protection commands share: the key check. */
import type { Deps } from '../../deps.ts';
import { usageError } from '../../errors.ts';

/** An insured person's key (`idAssure`): a positive integer, else a usage error (exit 2). */
export const insuredId = (raw: string, deps: Pick<Deps, 't'>): number => {
  if (!/^\d{1,15}$/.test(raw)) throw usageError(deps.t('cli.insured.badId', { value: raw }));
  return Number(raw);
};
