import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import type { Message } from '../domain/message.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface MessageFormContext {
  readonly idPolice: number;
  readonly subject: string;
  /** Rich text (HTML). */
  readonly body: string;
  readonly files: readonly Blob[];
  readonly error: MessageRef | null;
}

export type MessageFormEvent =
  | { type: 'subject.change'; subject: string }
  | { type: 'body.change'; body: string }
  | { type: 'files.add'; files: readonly Blob[] }
  | { type: 'files.remove'; index: number }
  | { type: 'send' };

const isBlank = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';

/** Whether 'Envoyer le message' is enabled: a subject and a non-empty body. */
export const canSendMessage = (context: Pick<MessageFormContext, 'subject' | 'body'>): boolean =>
  context.subject.trim() !== '' && !isBlank(context.body);

/** The chosen files as the form lists them: 'name - size bytes'. */
export const chosenFiles = (context: Pick<MessageFormContext, 'files'>) =>
  context.files.map((file, index) => ({
    index,
    name: 'name' in file && typeof file.name === 'string' ? file.name : `fichier-${index + 1}`,
    size: file.size,
  }));

/**
 * The after-sales message about a client file (spec §2 "Message form"): `editing` → `sending`
 * → `sent` (tag `done`), or `failure` (still editable; send retries). Nothing is sent without a
 * subject and a body; a second click while sending is ignored. Start with `input: { idPolice }`;
 * provide `sendMessage` (multipart subject, message, id_police, files).
 */
export const messageFormMachine = setup({
  types: {
    context: {} as MessageFormContext,
    events: {} as MessageFormEvent,
    input: {} as { readonly idPolice: number },
  },
  actors: {
    sendMessage: fromPromise<void, Message>(() => Promise.reject(new Error('sendMessage not provided'))),
  },
  actions: {
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'subject.change':
          return { subject: event.subject };
        case 'body.change':
          return { body: event.body };
        case 'files.add':
          return { files: [...context.files, ...event.files] };
        case 'files.remove':
          return { files: context.files.filter((_, index) => index !== event.index) };
        default:
          return {};
      }
    }),
  },
  guards: { sendable: ({ context }) => canSendMessage(context) },
}).createMachine({
  id: 'messageForm',
  context: ({ input }) => ({ idPolice: input.idPolice, subject: '', body: '', files: [], error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'subject.change': { actions: 'edit' },
        'body.change': { actions: 'edit' },
        'files.add': { actions: 'edit' },
        'files.remove': { actions: 'edit' },
        send: { guard: 'sendable', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({
          subject: context.subject,
          body: context.body,
          idPolice: context.idPolice,
          attachments: context.files,
        }),
        onDone: 'sent',
        onError: {
          target: 'failure',
          actions: assign({
            error: ({ event }) =>
              isApiError(event.error) ? errorMessage(event.error) : message('error.unexpected'),
          }),
        },
      },
    },
    failure: {
      tags: ['failed'],
      on: {
        'subject.change': { target: 'editing', actions: 'edit' },
        'body.change': { target: 'editing', actions: 'edit' },
        'files.add': { target: 'editing', actions: 'edit' },
        'files.remove': { target: 'editing', actions: 'edit' },
        send: { guard: 'sendable', target: 'sending' },
      },
    },
    sent: { tags: ['done'] },
  },
});
