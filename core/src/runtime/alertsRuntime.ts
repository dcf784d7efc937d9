import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { alerts } from '../contract/alerts.ts';
import { call } from '../contract/client.ts';
import type { AlertChoice } from '../domain/alerts.ts';
import { alertSettingsMachine } from '../machines/alertSettings.machine.ts';
import { alertsBadgeMachine } from '../machines/alertsBadge.machine.ts';
import { effectActor } from './effectActor.ts';

/**
 * The settings' alerts card wired to `api/account/alerts`: the card says why a call failed (not
 * the alert area as well); a save's success still comes as the server's alert header.
 * `onChanged` runs after a save or a reading (the navbar's badge counts again).
 */
export const provideAlertSettings = (runtime: ApiRuntime, onChanged: () => void) =>
  alertSettingsMachine.provide({
    actors: {
      loadSettings: effectActor(runtime, () => shownByForm(call(alerts.settings, {}))),
      saveSettings: effectActor(runtime, (choice: AlertChoice) =>
        shownByForm(call(alerts.save, { body: choice })),
      ),
      markRead: effectActor(runtime, (upTo: number) =>
        shownByForm(call(alerts.markRead, { body: { upTo } })),
      ),
    },
    actions: { changed: () => onChanged() },
  });

/** The navbar's unread badge wired to `api/account/alerts` (its failures go to the alert area). */
export const provideAlertsBadge = (runtime: ApiRuntime) =>
  alertsBadgeMachine.provide({
    actors: {
      loadSettings: effectActor(runtime, () => call(alerts.settings, {})),
      markRead: effectActor(runtime, (upTo: number) => call(alerts.markRead, { body: { upTo } })),
    },
  });
