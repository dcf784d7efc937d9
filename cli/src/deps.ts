import type { ApiRuntime } from '@extranet/core/api/runtime.ts';
import type { AppEvents } from '@extranet/core/events/appEvents.ts';
import { type Http, makeHttp } from './http/client.ts';
import { debugFetch, debugTransport } from './http/debugTransport.ts';
import { nodeTransport } from './http/transport.ts';
import type { Translator } from './i18n/translate.ts';
import type { Io } from './io.ts';
import type { Output } from './output/format.ts';
import type { ServerChoice } from './server.ts';
import { configDir } from './session/configDir.ts';
import { envTokenStore, fileTokenStore, type TokenStore } from './session/tokenFile.ts';
import type { Settings } from './settings.ts';

/** Core's Effect client and event stream: only `login` loads them (its auth machine needs them). */
export interface CoreApi {
  readonly api: ApiRuntime;
  readonly events: AppEvents;
}

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
  readonly http: Http;
  readonly out: Output;
  /** Clock, for file names and progress rates. */
  readonly now: () => number;
  /** How long to wait for the server to answer (`EXTRANET_TIMEOUT`, ms). */
  readonly timeoutMs: number;
  readonly core: () => Promise<CoreApi>;
}

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
  const transport = settings.debug ? debugTransport(nodeTransport, io.stderr) : nodeTransport;
  const http = makeHttp({ server: choice.server, tokens, t, timeoutMs: settings.timeoutMs, transport });
  let core: Promise<CoreApi> | undefined;
  return {
    io,
    t,
    server: choice.server,
    ...(choice.context === undefined ? {} : { context: choice.context }),
    configDir: dir,
    tokens,
    http,
    out,
    now: Date.now,
    timeoutMs: settings.timeoutMs,
    core: () => {
      core ??= (async () => {
        const [{ makeApiRuntime }, { createAppEvents }] = await Promise.all([
          import('@extranet/core/api/runtime.ts'),
          import('@extranet/core/events/appEvents.ts'),
        ]);
        // Effect's fetch client reads `globalThis.fetch`: the debug view covers sign-in too.
        if (settings.debug) globalThis.fetch = debugFetch(globalThis.fetch, io.stderr);
        const events = createAppEvents();
        events.subscribe((event) => {
          if (event.type === 'session.expired') tokens.clear();
        });
        return { api: makeApiRuntime({ baseUrl: choice.server, tokens, events }), events };
      })();
      return core;
    },
  };
};
