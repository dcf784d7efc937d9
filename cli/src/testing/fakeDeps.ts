/**
 * Dependencies for testing a command's `run(opts, deps)` in process: captured streams, an
 * in-memory token, and core's real API client over a fake `fetch` that answers from routes
 * (the real transport is `node:http`; `transport.test.ts` covers it against a socket).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { resources } from '@extranet/core/i18n/resources.ts';
import { type Deps, lazyApi } from '../deps.ts';
import { fetchTransport } from '../http/transport.ts';
import { createTranslator } from '../i18n/translate.ts';
import type { Io } from '../io.ts';
import type { Output } from '../output/format.ts';
import type { TokenStore } from '../session/tokenFile.ts';

export const SERVER = 'http://extranet.test/';

/** A route answers a request; keys are `METHOD path` without the query (`GET api/account`). */
export type Route = (request: Request, url: URL) => Response | Promise<Response>;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

export const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

export interface FakeOptions {
  readonly routes?: Record<string, Route>;
  readonly out?: Partial<Output>;
  readonly token?: string | undefined;
  readonly tty?: boolean;
  readonly stderrTty?: boolean;
  readonly env?: Record<string, string>;
  readonly configDir?: string;
  readonly context?: string;
}

export interface Fake {
  readonly deps: Deps;
  /** Every request the fake server received, `METHOD path?query`. */
  readonly calls: string[];
  stdout(): string;
  stderr(): string;
  readonly tokens: { value: string | undefined };
}

export const fakeDeps = (options: FakeOptions = {}): Fake => {
  const t = createTranslator('en');
  t.addResources(resources);
  // A Writable whose `_write` runs synchronously: what a command wrote is readable at once.
  const capture = (tty: boolean) => {
    let text = '';
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          text += chunk.toString();
          done();
        },
      }),
      { isTTY: tty, columns: 80 },
    );
    return { stream, text: () => text };
  };
  const stdout = capture(options.tty ?? false);
  const stderr = capture(options.stderrTty ?? false);
  const io: Io = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: new PassThrough(),
    env: { EXTRANET_LANG: 'en', ...options.env },
  };
  const tokens = { value: 'token' in options ? options.token : 'h.p.s' };
  const store: TokenStore = {
    path: '/fake/token.json',
    source: 'file',
    load: () => tokens.value,
    save: (token) => {
      tokens.value = token;
    },
    replace: (token) => {
      tokens.value = token;
    },
    clear: () => {
      tokens.value = undefined;
    },
    servers: () => (tokens.value === undefined ? [] : [SERVER]),
  };
  const calls: string[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\//, '');
    calls.push(`${request.method} ${path}${url.search}`);
    const route = options.routes?.[`${request.method} ${path}`];
    if (route === undefined) return new Response('', { status: 404 });
    return route(request, url);
  }) as typeof globalThis.fetch;
  const out: Output = {
    format: 'tsv',
    color: false,
    styled: false,
    width: Number.POSITIVE_INFINITY,
    ...options.out,
  };
  const base: Omit<Deps, 'api'> = {
    io,
    t,
    server: SERVER,
    ...(options.context === undefined ? {} : { context: options.context }),
    configDir: options.configDir ?? mkdtempSync(join(tmpdir(), 'extranet-fake-')),
    tokens: store,
    transport: fetchTransport(fetch),
    out,
    now: () => 0,
    timeoutMs: 2000,
  };
  const deps: Deps = { ...base, api: lazyApi(base) };
  return { deps, calls, stdout: stdout.text, stderr: stderr.text, tokens };
};
