/**
 * The budget of failed attempts at an account's secrets (password, second-factor code): per login
 * from one address, and per login from all addresses up to a high ceiling. An attempt is taken
 * from the budget before the secret is checked and given back when it turns out not to be a
 * failure, so attempts sent at once are checked at most the limit's number of times (
 * 25–29 concurrent wrong passwords had 13–14 checked where the limit is 10, because the failure
 * was counted after bcrypt). Sign-in and turning the second factor off share the budget: a code
 * guessed on one route is a code guessed.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';

/** An attempt taken from the budget: a failure keeps it; anything else gives it back. */
export interface Attempt {
  /** Not a failure (the password was right and a code is asked, or the account is not active). */
  release(): Promise<void>;
  /** A success: this address's failures for the login are forgotten, the ceiling's is given back. */
  succeeded(): Promise<void>;
}

export type Taken = { readonly attempt: Attempt } | { readonly retryAfter: number };

export interface AttemptBudget {
  /** Takes one attempt for `login` from `address`, or says how long to wait (nothing taken). */
  take(login: string, address: string): Promise<Taken>;
}

export function createAttemptBudget(
  db: Queryable,
  config: Pick<Config, 'signInLimitPerLogin' | 'signInCeilingPerLogin'>,
): AttemptBudget {
  // Counted in the database, so every instance of one database shares the budgets.
  const perLoginAndIp = createRateLimiter(db, 'signin-login-ip', config.signInLimitPerLogin);
  const perLoginCeiling = createRateLimiter(db, 'signin-login', config.signInCeilingPerLogin);
  return {
    async take(login, address) {
      const fromHere = `${login}\u0000${address}`;
      const here = await perLoginAndIp.take(fromHere);
      if (here > 0) return { retryAfter: here };
      const everywhere = await perLoginCeiling.take(login);
      if (everywhere > 0) {
        // A refusal changes nothing: the attempt taken from this address's budget goes back.
        await perLoginAndIp.release(fromHere);
        return { retryAfter: everywhere };
      }
      return {
        attempt: {
          async release() {
            await Promise.all([perLoginAndIp.release(fromHere), perLoginCeiling.release(login)]);
          },
          async succeeded() {
            // Only this address's count: a success does not wipe failures seen from elsewhere.
            await Promise.all([perLoginAndIp.reset(fromHere), perLoginCeiling.release(login)]);
          },
        },
      };
    },
  };
}
