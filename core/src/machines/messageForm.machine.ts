import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../api/errorMessage.ts';
import { isApiError } from '../api/errors.ts';
import type { IdPolice } from '../domain/ids.ts';
import type { Message } from '../domain/message.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export interface MessageFormContext {
  readonly idPolice: IdPolice;
  readonly subject: string;
  /** Rich text (HTML). */
  readonly body: string;
  readonly files: readonly Blob[];
  readonly error: MessageRef | null;
  /** Files that went with the last message sent ('Fichier(s) téléchargé(s)' when above 0). */
  readonly uploaded: number;
}

export type MessageFormEvent =
  | { type: 'subject.change'; subject: string }
  | { type: 'body.change'; body: string }
  | { type: 'files.add'; files: readonly Blob[] }
  | { type: 'files.remove'; index: number }
  | { type: 'send' };

const MB = 1024 * 1024;

interface UploadRules {
  readonly allowed: readonly string[];
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  readonly name?: string;
}

const isUploadRules = (params: unknown): params is UploadRules =>
  typeof params === 'object' && params !== null && Array.isArray((params as UploadRules).allowed);

/**
 * Why the message was not sent. A refused file says which one and what the server accepts
 * (types and sizes ride in the problem's params); anything else is docs/product.md §8's message.
 */
export const sendFailure = (error: unknown): MessageRef => {
  if (!isApiError(error)) return message('error.unexpected');
  const problem = error._tag === 'HttpError' ? error.problem : undefined;
  const fieldError = problem?.fieldErrors?.[0];
  if (fieldError?.field.startsWith('files') === true && isUploadRules(problem?.params)) {
    const rules = problem.params;
    const reason =
      fieldError.message === 'NotEmpty' ? 'empty' : fieldError.message === 'Size' ? 'size' : 'type';
    return message(`message.refused.${reason}`, {
      name: rules.name ?? '',
      types: rules.allowed.join(', '),
      maxFile: rules.maxFileBytes / MB,
      maxTotal: rules.maxTotalBytes / MB,
      maxFiles: rules.maxFiles,
    });
  }
  return errorMessage(error);
};

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
 * The after-sales message about a client file (docs/product.md §2 "Message form"): `editing` → `sending`
 * → `sent` (tag `done`, the form emptied; typing starts a new message), or `failure` (still
 * editable; send retries). Nothing is sent without a
 * subject and a body; a second click while sending is ignored. Start with `input: { idPolice }`;
 * provide `sendMessage` (multipart subject, message, id_police, files).
 */
export const messageFormMachine = setup({
  types: {
    context: {} as MessageFormContext,
    events: {} as MessageFormEvent,
    input: {} as { readonly idPolice: IdPolice },
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
  context: ({ input }) => ({
    idPolice: input.idPolice,
    subject: '',
    body: '',
    files: [],
    error: null,
    uploaded: 0,
  }),
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
        // The form is emptied for the next message; the count says whether files went with it.
        onDone: {
          target: 'sent',
          actions: assign(({ context }) => ({
            uploaded: context.files.length,
            subject: '',
            body: '',
            files: [],
          })),
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => sendFailure(event.error) }) },
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
    // Typing a new message starts over; the success stays until then.
    sent: {
      tags: ['done'],
      on: {
        'subject.change': { target: 'editing', actions: ['edit', assign({ uploaded: 0 })] },
        // The editor emptying itself after the send is not a new message.
        'body.change': {
          guard: ({ event }) => !isBlank(event.body),
          target: 'editing',
          actions: ['edit', assign({ uploaded: 0 })],
        },
        'files.add': { target: 'editing', actions: ['edit', assign({ uploaded: 0 })] },
      },
    },
  },
});
