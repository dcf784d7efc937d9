/**
 * A real OpenID Connect provider for the tests: the `oidc-provider` package on 127.0.0.1 and a
 * free port, with its development sign-in form (any password is accepted; the login names the
 * account) and consent given in advance, as a firm's directory does for its own applications.
 * The client is registered once the extranet's callback address is known (`register`), so the
 * provider can listen before the server it serves starts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  /** The login typed at the provider's form (its `sub`). */
  readonly sub: string;
  readonly preferred_username?: string;
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly given_name?: string;
  readonly family_name?: string;
}

export const TEST_CLIENT_ID = 'extranet';
export const TEST_CLIENT_SECRET = 'extranet-test-client-secret-0123456789';

export interface TestProvider {
  readonly issuer: string;
  /** The environment the extranet needs for this provider (redirect URI from its BASE_URL). */
  readonly env: Record<string, string>;
  /** Registers the extranet's callback addresses; call before the first sign-in. */
  register(...redirectUris: string[]): void;
  close(): Promise<void>;
}

export async function startTestProvider(accounts: readonly TestAccount[]): Promise<TestProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('provider not ready: register() first');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  return {
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
      OIDC_DISPLAY_NAME: 'Annuaire Test',
    },
    register(...redirectUris) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT_ID,
            client_secret: TEST_CLIENT_SECRET,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: {
          openid: ['sub'],
          profile: ['preferred_username', 'given_name', 'family_name'],
          email: ['email', 'email_verified'],
        },
        async findAccount(_ctx, sub) {
          const account = byId.get(sub);
          if (!account) return undefined;
          return { accountId: sub, claims: async () => ({ ...account }) };
        },
        // Consent is given in advance for the extranet (a first-party application).
        async loadExistingGrant(ctx) {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId) return undefined;
          const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
          grant.addOIDCScope('openid profile email');
          await grant.save();
          return grant;
        },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        // Fixed cookie keys: the tests need no rotation.
        cookies: { keys: ['test-provider-cookie-key-0123456789'] },
      });
      handler = provider.callback();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A minimal cookie jar for following a flow with fetch, as a browser would. */
class Jar {
  readonly #cookies = new Map<string, Map<string, string>>();
  take(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const host = this.#cookies.get(url.host) ?? new Map<string, string>();
      const value = pair!.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') host.delete(pair!.slice(0, at));
      else host.set(pair!.slice(0, at), value);
      this.#cookies.set(url.host, host);
    }
  }
  header(url: URL): string {
    return [...(this.#cookies.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows a sign-in as a browser would, from `start` (the extranet's /api/oidc/authorize) until
 * a redirect leaves both the extranet's API and the provider (the web app's `#/sso` or the CLI's
 * loopback address), typing `login` at the provider's form; `decline` presses its cancel link.
 * Returns that last address, not fetched.
 */
export async function followSignIn(
  start: string,
  issuer: string,
  login: string,
  options: { readonly decline?: boolean; readonly stopAtCallback?: boolean; readonly jar?: Jar } = {},
): Promise<{ readonly final: URL; readonly callback: URL | undefined; readonly jar: Jar }> {
  const jar = options.jar ?? new Jar();
  const providerHost = new URL(issuer).host;
  let url = new URL(start);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  let callback: URL | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.pathname === '/api/oidc/callback') {
      callback = url;
      if (options.stopAtCallback) return { final: url, callback, jar };
    }
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.take(url, response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      const leaves = next.host !== providerHost && !next.pathname.startsWith('/api/oidc/');
      if (leaves) return { final: next, callback, jar };
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !/name="prompt" value="login"/.test(html)) {
      throw new Error(`unexpected provider page ${url} (${response.status}): ${html.slice(0, 300)}`);
    }
    if (options.decline) {
      url = new URL(`${url.pathname}/abort`, url);
      continue;
    }
    method = 'POST';
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many redirects');
}
