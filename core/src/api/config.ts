import { Context } from 'effect';
import type { AppEventSink } from '../events/appEvents.ts';

/**
 * Where the bearer token lives. The web keeps it in localStorage (remember me) or
 * sessionStorage; the CLI in a 0600 file under the user's config directory.
 */
export interface TokenStore {
  load(): string | undefined;
  save(token: string, remember: boolean): void;
  /** Swaps the token for a renewed one (after a password change), kept where the current one is. */
  replace(token: string): void;
  clear(): void;
}

/** A token store that forgets everything when the process ends (tests, one-shot scripts). */
export const memoryTokenStore = (initial?: string): TokenStore & { remembered: boolean | undefined } => {
  let token = initial;
  const store = {
    remembered: undefined as boolean | undefined,
    load: () => token,
    save: (next: string, remember: boolean) => {
      token = next;
      store.remembered = remember;
    },
    replace: (next: string) => {
      token = next;
    },
    clear: () => {
      token = undefined;
      store.remembered = undefined;
    },
  };
  return store;
};

export interface ApiConfigShape {
  /** The product's own base URL, ending with `/` (e.g. `http://localhost:8080/`). */
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  /** Reads the `XSRF-TOKEN` cookie where one exists (browsers only). */
  readonly xsrfToken?: () => string | undefined;
  readonly events: AppEventSink;
  /** Failure statuses the calling screen shows itself: not broadcast (`shownByScreen`, `shownByForm`). */
  readonly quiet?: (status: number) => boolean;
}

export class ApiConfig extends Context.Tag('@extranet/core/ApiConfig')<ApiConfig, ApiConfigShape>() {}
