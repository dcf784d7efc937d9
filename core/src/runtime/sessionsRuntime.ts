import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { sessionApi } from '../api/sessionApi.ts';
import { sessionsMachine } from '../machines/sessions.machine.ts';
import { effectActor } from './effectActor.ts';

/** The settings' sessions card: the caller's own; "end the others" keeps the one in use. */
export const provideSessions = (runtime: ApiRuntime) =>
  sessionsMachine.provide({
    actors: {
      loadSessions: effectActor(runtime, () => shownByForm(sessionApi.list())),
      endSession: effectActor(runtime, (id: number) => shownByForm(sessionApi.end(id))),
      endOthers: effectActor(runtime, () => shownByForm(sessionApi.endOthers())),
    },
  });
