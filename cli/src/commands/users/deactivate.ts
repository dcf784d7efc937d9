import type { Deps } from '../../deps.ts';
import { setActivated, type UserActivationOptions } from './activation.ts';

/** `extranet users deactivate <login>`: the user can no longer sign in. */
export const run = (opts: UserActivationOptions, deps: Deps) => setActivated(opts, deps, false);
