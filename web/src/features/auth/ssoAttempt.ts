/**
 * The browser's side of single sign-on: the verifier made before leaving for the provider is
 * kept in this tab's sessionStorage (not readable by another site, gone with the tab) until the
 * return route hands it, with the one-time code, to the auth machine.
 */
import { ssoAuthorizeUrl, ssoVerifierPair } from '@extranet/core';

const KEY = 'extranet.sso';

export const beginSso = async (rememberMe: boolean) => {
  const { verifier, challenge } = await ssoVerifierPair();
  sessionStorage.setItem(KEY, JSON.stringify({ verifier, rememberMe }));
  // '.' drops the hash and the query: the API lives beside index.html.
  window.location.assign(
    ssoAuthorizeUrl(new URL('.', window.location.href).toString(), { challenge, rememberMe }),
  );
};

/** The kept verifier, forgotten as it is read (one attempt, one use). */
export const takeSsoAttempt = (): { readonly verifier: string; readonly rememberMe: boolean } | undefined => {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    const parsed = JSON.parse(raw ?? 'null') as { verifier?: unknown; rememberMe?: unknown } | null;
    return typeof parsed?.verifier === 'string'
      ? { verifier: parsed.verifier, rememberMe: parsed.rememberMe === true }
      : undefined;
  } catch {
    return undefined;
  }
};
