import { type DisputeParty, disputePartyOf } from '@extranet/core/machines/dispute.machine.ts';
import type { CoreClient } from '../../coreClient.ts';

/**
 * The caller's side of a dispute, from its account's roles; null when the account cannot be read
 * (a personal access token is refused `/api/account`): then no next step is suggested.
 */
export const partyOf = async (client: CoreClient): Promise<DisputeParty | null> => {
  const { getAccount } = await import('@extranet/core/api/accountApi.ts');
  const account = await client.call(getAccount()).catch(() => null);
  return account === null ? null : disputePartyOf(account);
};
