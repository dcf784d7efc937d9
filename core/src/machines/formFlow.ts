import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import type { MessageRef } from '../i18n/message.ts';
import { MISMATCH } from '../rules/accountRules.ts';

export type FormValues = Readonly<Record<string, string>>;
export type FieldErrors = Readonly<Record<string, MessageRef | null>>;

export interface FormContext {
  readonly values: FormValues;
  /** Fields the user changed; a field's error shows once it is dirty (docs/product.md §5), or after a refused submit. */
  readonly dirty: Readonly<Record<string, boolean>>;
  readonly errors: FieldErrors;
  /** The password and its confirmation differed at the last submit: shown, nothing sent. */
  readonly mismatch: boolean;
  /** Why the last submit failed (server side). */
  readonly error: MessageRef | null;
}

export type FormEvent = { type: 'field.change'; field: string; value: string } | { type: 'submit' };

export interface FormInput {
  /** Values to start from (settings: the account; register: the current language). */
  readonly values?: FormValues;
  /** The key of a mailed link (reset finish). */
  readonly key?: string | null;
}

export interface FormFlowConfig {
  readonly id: string;
  readonly fields: FormValues;
  readonly validate: (values: FormValues) => FieldErrors;
  /** [password, confirmation]: submit refused while they differ. */
  readonly confirm?: readonly [string, string];
  /** Reset finish: without a key the form never shows. */
  readonly needsKey?: boolean;
  /**
   * Settings, password change: the form stays on screen after a success, so typing in it
   * starts a new edit (the success message goes). Elsewhere the success replaces the form.
   */
  readonly keepsForm?: boolean;
  /** The message of a failed submit; by default the docs/product.md §8 message of the API error. */
  readonly failure?: (error: unknown) => MessageRef;
}

const defaultFailure = failureMessage;

const hasErrors = (errors: FieldErrors) => Object.values(errors).some((error) => error !== null);

/**
 * A form that validates as the user types and sends once: `editing` → `submitting` →
 * `success`, or `failure` (editable again; submit retries). Tags: `busy` while sending
 * (disable the button), `done` when the form is replaced by its success message,
 * `keyMissing` for a link without a key. Nothing is sent while a field is invalid or the
 * confirmation differs; a second submit while sending is ignored.
 *
 * Runtimes provide the actor `submit` (input: the values plus `key`) and may provide the action
 * `submitted` (params: the values) to react to success (reload the identity, switch language).
 */
export const createFormFlow = (config: FormFlowConfig) =>
  setup({
    types: {
      context: {} as FormContext & { readonly key: string | null },
      events: {} as FormEvent,
      input: {} as FormInput,
    },
    actors: {
      submit: fromPromise<void, FormValues & { readonly key?: string }>(() =>
        Promise.reject(new Error(`${config.id}: submit actor not provided`)),
      ),
    },
    actions: {
      submitted: (_, _params: { values: FormValues }) => {},
      change: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const values = { ...context.values, [event.field]: event.value };
        return {
          values,
          dirty: { ...context.dirty, [event.field]: true },
          errors: config.validate(values),
          mismatch: false,
        };
      }),
      touchAll: assign(({ context }) => ({
        dirty: Object.fromEntries(Object.keys(context.values).map((field) => [field, true])),
        errors: config.validate(context.values),
      })),
    },
    guards: {
      invalid: ({ context }) => hasErrors(config.validate(context.values)),
      mismatch: ({ context }) =>
        config.confirm !== undefined &&
        context.values[config.confirm[0]] !== context.values[config.confirm[1]],
      keyMissing: ({ context }) => config.needsKey === true && (context.key ?? '') === '',
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => {
      const values = { ...config.fields, ...(input?.values ?? {}) };
      return {
        values,
        dirty: {},
        errors: config.validate(values),
        mismatch: false,
        error: null,
        key: input?.key ?? null,
      };
    },
    initial: 'start',
    states: {
      start: { always: [{ guard: 'keyMissing', target: 'keyMissing' }, { target: 'editing' }] },
      keyMissing: { tags: ['keyMissing'] },
      editing: {
        on: {
          'field.change': { actions: 'change' },
          submit: [
            { guard: 'invalid', actions: 'touchAll' },
            { guard: 'mismatch', actions: assign({ mismatch: true }) },
            { target: 'submitting' },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({
            ...context.values,
            ...(context.key === null ? {} : { key: context.key }),
          }),
          onDone: {
            target: 'success',
            actions: { type: 'submitted', params: ({ context }) => ({ values: context.values }) },
          },
          onError: {
            target: 'failure',
            actions: assign({ error: ({ event }) => (config.failure ?? defaultFailure)(event.error) }),
          },
        },
      },
      failure: {
        tags: ['failed'],
        on: {
          'field.change': { target: 'editing', actions: 'change' },
          submit: [
            { guard: 'invalid', target: 'editing', actions: 'touchAll' },
            { guard: 'mismatch', target: 'editing', actions: assign({ mismatch: true }) },
            { target: 'submitting' },
          ],
        },
      },
      success: {
        tags: ['done'],
        ...(config.keepsForm ? { on: { 'field.change': { target: 'editing', actions: 'change' } } } : {}),
      },
    },
  });

/** The mismatch message to show under the confirmation, or null. */
export const mismatchMessage = (context: Pick<FormContext, 'mismatch'>): MessageRef | null =>
  context.mismatch ? MISMATCH : null;

/** The error to show under a field: only once the field is dirty (docs/product.md §5). */
export const visibleError = (context: Pick<FormContext, 'dirty' | 'errors'>, field: string) =>
  context.dirty[field] === true ? (context.errors[field] ?? null) : null;
