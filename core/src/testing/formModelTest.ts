import { createActor, type EventObject } from 'xstate';
import type { createFormFlow, FormInput, FormValues } from '../machines/formFlow.ts';
import { controlledActors, replayModelPaths } from './modelPaths.ts';
import { sampleErrors } from './sampleErrors.ts';

type FormMachine = ReturnType<typeof createFormFlow>;

export interface FormModelOptions {
  readonly machine: FormMachine;
  readonly input?: FormInput;
  /** Field values the traversal may type: valid ones, invalid ones, a differing confirmation. */
  readonly changes: ReadonlyArray<readonly [string, string]>;
  /** Extra failures besides the common sample errors (problem types the machine maps). */
  readonly errors?: readonly unknown[];
  readonly assertEqual: (actual: unknown, expected: unknown, message: string) => void;
  /** The rule every sent value must pass (valid fields and equal confirmation). */
  readonly isSendable: (values: FormValues) => boolean;
}

/**
 * Walks a form machine's shortest paths on a real actor: typing, submitting, every failure of
 * `sampleErrors`, success. After each step the real context must equal the model's, and every
 * call the submit actor received must have been sendable: nothing goes out while invalid or
 * mismatched.
 */
export const replayFormModel = async (options: FormModelOptions) => {
  const errors = [
    ...Object.values(sampleErrors).filter((e) => typeof e !== 'function'),
    ...(options.errors ?? []),
  ];
  const events: EventObject[] = [
    ...options.changes.map(([field, value]) => ({ type: 'field.change', field, value })),
    { type: 'submit' },
    { type: 'xstate.done.actor.submit' },
    ...errors.map((error) => ({ type: 'xstate.error.actor.submit', error })),
  ];
  const createSut = () => {
    const control = controlledActors('submit');
    const actor = createActor(options.machine.provide({ actors: control.actors }), {
      input: options.input ?? {},
    });
    return { actor, control };
  };
  return replayModelPaths({
    machine: options.machine,
    events,
    input: options.input ?? {},
    createSut,
    assertEqual: options.assertEqual,
    // Values, validity and the last failure decide what happens next; dirty flags only decorate.
    serializeState: (snapshot) => {
      const s = snapshot as unknown as {
        value: unknown;
        context: { values: FormValues; mismatch: boolean; error: unknown };
      };
      return JSON.stringify([s.value, s.context.values, s.context.mismatch, s.context.error]);
    },
    check: (model, sut) => {
      const snapshot = sut.actor.getSnapshot();
      options.assertEqual(snapshot.context.values, model.context.values, 'values');
      options.assertEqual(snapshot.context.errors, model.context.errors, 'errors');
      options.assertEqual(snapshot.context.mismatch, model.context.mismatch, 'mismatch');
      options.assertEqual(snapshot.context.error, model.context.error, 'error');
      for (const call of sut.control.calls) {
        options.assertEqual(options.isSendable(call.input as FormValues), true, 'sent while not sendable');
      }
      if (model.matches('failure'))
        options.assertEqual(model.context.error !== null, true, 'failure has a message');
    },
  });
};
