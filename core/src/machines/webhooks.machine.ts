import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import type { CreatedWebhook, NewWebhook, Webhook, WebhookDelivery } from '../domain/webhook.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface WebhooksContext {
  readonly hooks: readonly Webhook[];
  readonly error: MessageRef | null;
  /** The last change done, for the success banner. */
  readonly done: 'created' | 'deleted' | 'switchedOn' | 'paused' | 'redelivered' | null;
  /** The endpoint just registered, with its secret: shown until dismissed, then never again. */
  readonly created: CreatedWebhook | null;
  readonly request: NewWebhook | null;
  /** The endpoint being deleted or switched, or whose log is open. */
  readonly target: number | null;
  /** The open delivery log: its endpoint and its rows. */
  readonly log: { readonly id: number; readonly deliveries: readonly WebhookDelivery[] } | null;
  readonly redelivering: number | null;
}

export type WebhooksEvent =
  | { type: 'retry' }
  | { type: 'create'; hook: NewWebhook }
  | { type: 'delete'; id: number }
  | { type: 'switch'; id: number; enabled: boolean }
  | { type: 'openLog'; id: number }
  | { type: 'closeLog' }
  | { type: 'redeliver'; deliveryId: number }
  | { type: 'dismiss' };

const isNotFound = (error: unknown) =>
  isApiError(error) && error._tag === 'HttpError' && error.status === 404;

/** The form's own refusal, before any request: an address, and at least one event. */
const invalid = (hook: NewWebhook): MessageRef | null => {
  if (!/^https?:\/\/\S+$/.test(hook.url.trim())) return message('settings.webhooks.urlRequired');
  if (hook.events.length === 0) return message('settings.webhooks.eventsRequired');
  return null;
};

/**
 * The settings' webhooks (docs/integrations.md "Webhooks"): list, register (the secret stays in
 * context until dismissed: it is shown once), pause or switch on, delete, and an endpoint's
 * delivery log with "send again". After a change the list is read again, so it shows what the
 * server holds; an endpoint already gone (404) reloads the list with the message.
 */
export const webhooksMachine = setup({
  types: { context: {} as WebhooksContext, events: {} as WebhooksEvent },
  actors: {
    loadHooks: fromPromise<readonly Webhook[], void>(() =>
      Promise.reject(new Error('loadHooks not provided')),
    ),
    createHook: fromPromise<CreatedWebhook, NewWebhook>(() =>
      Promise.reject(new Error('createHook not provided')),
    ),
    deleteHook: fromPromise<void, number>(() => Promise.reject(new Error('deleteHook not provided'))),
    switchHook: fromPromise<Webhook, { hook: Webhook; enabled: boolean }>(() =>
      Promise.reject(new Error('switchHook not provided')),
    ),
    loadLog: fromPromise<readonly WebhookDelivery[], number>(() =>
      Promise.reject(new Error('loadLog not provided')),
    ),
    redeliver: fromPromise<WebhookDelivery, { id: number; deliveryId: number }>(() =>
      Promise.reject(new Error('redeliver not provided')),
    ),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
    invalid: (_, params: { hook: NewWebhook }) => invalid(params.hook) !== null,
    known: ({ context }, params: { id: number }) => context.hooks.some((hook) => hook.id === params.id),
  },
}).createMachine({
  id: 'webhooks',
  context: {
    hooks: [],
    error: null,
    done: null,
    created: null,
    request: null,
    target: null,
    log: null,
    redelivering: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadHooks',
        src: 'loadHooks',
        onDone: { target: 'idle', actions: assign({ hooks: ({ event }) => event.output, target: null }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error), done: null, target: null }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      tags: ['ready'],
      on: {
        create: [
          {
            guard: { type: 'invalid', params: ({ event }) => ({ hook: event.hook }) },
            actions: assign({ error: ({ event }) => invalid(event.hook), done: null }),
          },
          {
            target: 'creating',
            actions: assign({
              error: null,
              done: null,
              created: null,
              request: ({ event }) => ({ ...event.hook, url: event.hook.url.trim() }),
            }),
          },
        ],
        delete: {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          target: 'deleting',
          actions: assign({
            error: null,
            done: null,
            target: ({ event }) => event.id,
            log: ({ context, event }) => (context.log?.id === event.id ? null : context.log),
          }),
        },
        switch: {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          target: 'switching',
          actions: assign({ error: null, done: null, target: ({ event }) => event.id }),
        },
        openLog: {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          target: 'loadingLog',
          actions: assign({ error: null, target: ({ event }) => event.id }),
        },
        closeLog: { actions: assign({ log: null }) },
        redeliver: {
          guard: ({ context }) => context.log !== null,
          target: 'redelivering',
          actions: assign({ error: null, done: null, redelivering: ({ event }) => event.deliveryId }),
        },
        dismiss: { actions: assign({ created: null }) },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createHook',
        src: 'createHook',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'loading',
          actions: assign({ done: 'created', created: ({ event }) => event.output, request: null }),
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureMessage(event.error), request: null }),
        },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteHook',
        src: 'deleteHook',
        input: ({ context }) => context.target!,
        onDone: { target: 'loading', actions: assign({ done: 'deleted' }) },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({ error: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'idle',
            actions: assign({ error: ({ event }) => failureMessage(event.error), target: null }),
          },
        ],
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'switchHook',
        src: 'switchHook',
        input: ({ context, event }) => ({
          hook: context.hooks.find((hook) => hook.id === context.target)!,
          enabled: event.type === 'switch' ? event.enabled : true,
        }),
        onDone: {
          target: 'loading',
          actions: assign({ done: ({ event }) => (event.output.enabled ? 'switchedOn' : 'paused') }),
        },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({ error: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'idle',
            actions: assign({ error: ({ event }) => failureMessage(event.error), target: null }),
          },
        ],
      },
    },
    loadingLog: {
      tags: ['busy'],
      invoke: {
        id: 'loadLog',
        src: 'loadLog',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: assign({
            log: ({ context, event }) => ({ id: context.target!, deliveries: event.output }),
            target: null,
            redelivering: null,
          }),
        },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({
              error: ({ event }) => failureMessage(event.error),
              log: null,
              redelivering: null,
            }),
          },
          {
            target: 'idle',
            actions: assign({
              error: ({ event }) => failureMessage(event.error),
              target: null,
              redelivering: null,
            }),
          },
        ],
      },
    },
    redelivering: {
      tags: ['busy'],
      invoke: {
        id: 'redeliver',
        src: 'redeliver',
        input: ({ context }) => ({ id: context.log!.id, deliveryId: context.redelivering! }),
        onDone: {
          target: 'loadingLog',
          actions: assign({ done: 'redelivered', target: ({ context }) => context.log!.id }),
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureMessage(event.error), redelivering: null }),
        },
      },
    },
  },
});
