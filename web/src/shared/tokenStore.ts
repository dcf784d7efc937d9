import type { TokenStore } from '@extranet/core';

/** JHipster's key, so a token left by the original client is still understood. */
export const TOKEN_KEY = 'jhi-authenticationToken';

/**
 * The browser's token store (docs/product.md §6): localStorage when "remember me" is ticked, else
 * sessionStorage, which ends with the tab. Saving in one clears the other.
 */
export const browserTokenStore = (
  local: Storage = window.localStorage,
  session: Storage = window.sessionStorage,
): TokenStore => ({
  load: () => local.getItem(TOKEN_KEY) ?? session.getItem(TOKEN_KEY) ?? undefined,
  save: (token, remember) => {
    (remember ? session : local).removeItem(TOKEN_KEY);
    (remember ? local : session).setItem(TOKEN_KEY, token);
  },
  replace: (token) => {
    (local.getItem(TOKEN_KEY) === null ? session : local).setItem(TOKEN_KEY, token);
  },
  clear: () => {
    local.removeItem(TOKEN_KEY);
    session.removeItem(TOKEN_KEY);
  },
});

/** The `XSRF-TOKEN` cookie, forwarded as `X-XSRF-TOKEN` by the API client (docs/product.md §7). */
export const xsrfCookie = (cookies: string = document.cookie): string | undefined => {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(cookies);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
};
