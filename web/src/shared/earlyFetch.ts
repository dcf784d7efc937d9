/** How long an answer asked for early waits for the request it stands for. */
const KEEP_MS = 10_000;

/**
 * A `fetch` that can start a GET before the screen that needs it exists: `ask(url, token)` sends
 * it now, and the first GET of the same URL (its query's keys in any order) through `fetch` takes
 * that answer instead of asking again (once, within 10 s, when it succeeded and the request
 * carries the same token). Any other request goes to the platform's `fetch` unchanged.
 */
export const earlyFetch = (platform: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)) => {
  const asked = new Map<
    string,
    { readonly answer: Promise<Response>; readonly at: number; readonly authorization: string }
  >();
  // The order of the query's keys is no part of the request (a URL built by hand and the one the
  // API client builds may list them differently); repeated keys (`sort`) keep theirs.
  const key = (url: string) => {
    const parsed = new URL(url, window.location.href);
    parsed.searchParams.sort();
    return parsed.href;
  };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = key(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const early = method.toUpperCase() === 'GET' ? asked.get(url) : undefined;
    asked.delete(url);
    const authorization = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    ).get('authorization');
    // Only a success asked with the same credentials stands in: a refused stored token's 401 must
    // not answer the request made after the user signed in again (the dialog would come back).
    if (
      early !== undefined &&
      performance.now() - early.at < KEEP_MS &&
      early.authorization === authorization
    )
      return early.answer.then(
        (answer) => (answer.ok ? answer : platform(input, init)),
        () => platform(input, init),
      );
    return platform(input, init);
  };
  const ask = (url: string, token: string): void => {
    const answer = platform(url, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    // Unclaimed, a failure is nobody's: the screen's own request reports its failures.
    answer.catch(() => undefined);
    asked.set(key(url), { answer, at: performance.now(), authorization: `Bearer ${token}` });
  };
  return { fetch, ask };
};
