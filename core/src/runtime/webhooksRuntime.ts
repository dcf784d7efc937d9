import { Effect } from 'effect';
import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { call } from '../contract/client.ts';
import { webhooks } from '../contract/webhooks.ts';
import type { NewWebhook, Webhook } from '../domain/webhook.ts';
import { webhooksMachine } from '../machines/webhooks.machine.ts';
import { effectActor } from './effectActor.ts';

/** A change of an endpoint keeps its address, events and description: only `enabled` moves. */
const switched = (hook: Webhook, enabled: boolean) => ({
  url: hook.url,
  description: hook.description,
  events: hook.events,
  enabled,
});

/** The settings' webhooks card (docs/integrations.md "Webhooks"). */
export const provideWebhooks = (runtime: ApiRuntime) =>
  webhooksMachine.provide({
    actors: {
      loadHooks: effectActor(runtime, () => shownByForm(call(webhooks.list, {}))),
      createHook: effectActor(runtime, (hook: NewWebhook) =>
        shownByForm(call(webhooks.create, { body: hook })),
      ),
      deleteHook: effectActor(runtime, (id: number) =>
        shownByForm(Effect.asVoid(call(webhooks.remove, { params: { id } }))),
      ),
      switchHook: effectActor(runtime, ({ hook, enabled }: { hook: Webhook; enabled: boolean }) =>
        shownByForm(call(webhooks.update, { params: { id: hook.id }, body: switched(hook, enabled) })),
      ),
      loadLog: effectActor(runtime, (id: number) =>
        shownByForm(call(webhooks.deliveries, { params: { id } })),
      ),
      redeliver: effectActor(runtime, (input: { id: number; deliveryId: number }) =>
        shownByForm(call(webhooks.redeliver, { params: input })),
      ),
    },
  });
