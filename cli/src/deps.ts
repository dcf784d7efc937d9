import type { Contract } from '@extranet/core/contract/contract.ts';
import type { CoreClient } from './coreClient.ts';
import { debugTransport } from './http/debugTransport.ts';
import { nodeFetch } from './http/nodeFetch.ts';
import { nodeTransport, type Transport } from './http/transport.ts';
import type { Translator } from './i18n/translate.ts';
import type { Io } from './io.ts';
import type { Output } from './output/format.ts';
import type { ServerChoice } from './server.ts';
import { configDir } from './session/configDir.ts';
import { envTokenStore, fileTokenStore, type TokenStore } from './session/tokenFile.ts';
import type { Settings } from './settings.ts';

/** Everything a command touches, injected so commands are plain functions tested without a process. */
export interface Deps {
  readonly io: Io;
  readonly t: Translator;
  /** Base URL of the server, ending in `/`. */
  readonly server: string;
  /** The named server it came from (`--context`, `extranet context use`), if any. */
  readonly context?: string;
  readonly configDir: string;
  readonly tokens: TokenStore;
  /** The transport under core's client (`node:http`, or its `--debug` view). */
  readonly transport: Transport;
  /**
   * Core's API client over `transport` and `tokens`, loaded on first use: only the commands that
   * call the API load Effect.
   */
  readonly api: () => Promise<CoreClient>;
  readonly out: Output;
  /** Clock, for file names and progress rates. */
  readonly now: () => number;
  /** How long to wait for the server to answer (`EXTRANET_TIMEOUT`, ms). */
  readonly timeoutMs: number;
  /** The contract `extranet api` reads, when not core's own (a test's copy with an endpoint added). */
  readonly contract?: Contract;
}

/** Core's client for a set of dependencies, made once per invocation. */
export const lazyApi = (deps: Omit<Deps, 'api'>): (() => Promise<CoreClient>) => {
  let client: Promise<CoreClient> | undefined;
  return () => {
    client ??= import('./coreClient.ts').then(({ makeCoreClient }) =>
      makeCoreClient(deps, nodeFetch(deps.transport, deps.timeoutMs)),
    );
    return client;
  };
};

/** The real dependencies of one invocation. Core's modules load by path, only what is used. */
export const makeDeps = (
  io: Io,
  t: Translator,
  choice: ServerChoice,
  settings: Settings,
  out: Output,
): Deps => {
  const dir = configDir(io.env);
  const warn = (line: string) => io.stderr.write(`extranet: ${line}\n`);
  const file = fileTokenStore(dir, choice.server, t, warn);
  const tokens = settings.token === undefined ? file : envTokenStore(settings.token, file);
  const base = {
    io,
    t,
    server: choice.server,
    ...(choice.context === undefined ? {} : { context: choice.context }),
    configDir: dir,
    tokens,
    transport: settings.debug ? debugTransport(nodeTransport, io.stderr) : nodeTransport,
    out,
    now: Date.now,
    timeoutMs: settings.timeoutMs,
  };
  return { ...base, api: lazyApi(base) };
};
