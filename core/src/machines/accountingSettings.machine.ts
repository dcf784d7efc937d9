import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import {
  ACCOUNT_PATTERN,
  ACCOUNTING_FIELDS,
  type AccountingSettings,
  JOURNAL_PATTERN,
} from '../domain/accounting.ts';
import { type MessageRef, message } from '../i18n/message.ts';

export type AccountingField = (typeof ACCOUNTING_FIELDS)[number];

export interface AccountingSettingsContext {
  /** What the form shows: the server's numbers, then the person's edits. */
  readonly values: AccountingSettings;
  /** The first field the form refuses, with why; nothing is sent while there is one. */
  readonly invalid: { readonly field: AccountingField; readonly message: MessageRef } | null;
  readonly error: MessageRef | null;
  readonly saved: boolean;
}

export type AccountingSettingsEvent =
  | { type: 'retry' }
  | { type: 'change'; field: AccountingField; value: string }
  | { type: 'save' };

const EMPTY: AccountingSettings = {
  journalCode: '',
  incomeAccount: '',
  receivableAccount: '',
  clawbackAccount: '',
};

/** The form's own refusal: capitals and digits, 1 to 10 for the journal, 1 to 20 for an account. */
const invalidOf = (values: AccountingSettings): AccountingSettingsContext['invalid'] => {
  for (const field of ACCOUNTING_FIELDS) {
    const pattern = field === 'journalCode' ? JOURNAL_PATTERN : ACCOUNT_PATTERN;
    if (!pattern.test(values[field]))
      return {
        field,
        message: message(
          field === 'journalCode' ? 'settings.accounting.badJournal' : 'settings.accounting.badAccount',
        ),
      };
  }
  return null;
};

/**
 * The settings' accounting accounts (docs/integrations.md "Entries for the books"): the numbers
 * read from the server, edited (written in capitals), checked, saved; the saved answer replaces
 * the form's values so it shows what the FEC will carry.
 */
export const accountingSettingsMachine = setup({
  types: { context: {} as AccountingSettingsContext, events: {} as AccountingSettingsEvent },
  actors: {
    loadAccounting: fromPromise<AccountingSettings, void>(() =>
      Promise.reject(new Error('loadAccounting not provided')),
    ),
    saveAccounting: fromPromise<AccountingSettings, AccountingSettings>(() =>
      Promise.reject(new Error('saveAccounting not provided')),
    ),
  },
  guards: {
    invalid: ({ context }) => invalidOf(context.values) !== null,
  },
}).createMachine({
  id: 'accountingSettings',
  context: { values: EMPTY, invalid: null, error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAccounting',
        src: 'loadAccounting',
        onDone: { target: 'editing', actions: assign({ values: ({ event }) => event.output }) },
        onError: {
          target: 'failure',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failure: { tags: ['failed'], on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    editing: {
      tags: ['ready'],
      on: {
        change: {
          actions: assign({
            values: ({ context, event }) => ({
              ...context.values,
              [event.field]: event.value.trim().toUpperCase(),
            }),
            invalid: null,
            saved: false,
            error: null,
          }),
        },
        save: [
          {
            guard: 'invalid',
            actions: assign({ invalid: ({ context }) => invalidOf(context.values), saved: false }),
          },
          { target: 'saving', actions: assign({ error: null, saved: false }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveAccounting',
        src: 'saveAccounting',
        input: ({ context }) => context.values,
        onDone: { target: 'editing', actions: assign({ values: ({ event }) => event.output, saved: true }) },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
  },
});
