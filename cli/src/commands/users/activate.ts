import type { Deps } from '../../deps.ts';
import { setActivated, type UserActivationOptions } from './activation.ts';

/** `extranet users activate <login>`. */
export const run = (opts: UserActivationOptions, deps: Deps) => setActivated(opts, deps, true);
