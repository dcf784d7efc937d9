import { type ApiRuntime, type AppEvents, createAppEvents, makeApiRuntime, resources } from '@extranet/core';
import type { Translator } from './i18n/translate.ts';
import type { Io } from './io.ts';
import { configDir } from './session/configDir.ts';
import { type FileTokenStore, fileTokenStore } from './session/tokenFile.ts';

/** Everything a command touches, injected so commands are plain functions tested without a process. */
export interface Deps {
  readonly io: Io;
  readonly t: Translator;
  /** Base URL of the server, ending in `/`. */
  readonly server: string;
  readonly tokens: FileTokenStore;
  readonly api: ApiRuntime;
  readonly events: AppEvents;
  /** Clock, for file names and progress rates. */
  readonly now: () => number;
  /** How long to wait for the server to answer (`EXTRANET_TIMEOUT`, ms). */
  readonly timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

const timeoutFrom = (value: string | undefined) => {
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
};

/** The real dependencies of one invocation: core's API runtime over fetch, the token file. */
export const makeDeps = (io: Io, t: Translator, server: string): Deps => {
  t.addResources(resources);
  const tokens = fileTokenStore(configDir(io.env), server);
  const events = createAppEvents();
  // The server refused the token (expired, signing key changed): forget it, as the web does.
  events.subscribe((event) => {
    if (event.type === 'session.expired') tokens.clear();
  });
  const api = makeApiRuntime({ baseUrl: server, tokens, events });
  return {
    io,
    t,
    server,
    tokens,
    api,
    events,
    now: Date.now,
    timeoutMs: timeoutFrom(io.env.EXTRANET_TIMEOUT),
  };
};
