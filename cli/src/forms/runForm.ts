import { type FormValues, mismatchMessage, visibleError } from '@extranet/core/machines/formFlow.ts';
import type { AnyStateMachine } from 'xstate';
import type { CoreClient } from '../coreClient.ts';
import type { Deps } from '../deps.ts';
import { CliError, ExitCode, usageError } from '../errors.ts';

/** What a form's snapshot shows: the machine's context and tags (core's `formFlow`). */
interface FormSnapshot {
  readonly context: {
    readonly values: FormValues;
    readonly dirty: Readonly<Record<string, boolean>>;
    readonly errors: Readonly<Record<string, { key: string } | null>>;
    readonly mismatch: boolean;
    readonly error: { key: string; params?: Record<string, string | number> } | null;
  };
  hasTag(tag: string): boolean;
  readonly value: unknown;
}

/**
 * Runs one of core's form machines (`formFlow`: password change, reset request, reset finish)
 * as the web's form does: each value typed (`field.change`), then `submit`. What the machine
 * refuses without sending (an invalid field, a mismatched confirmation, a link's missing key)
 * is a usage error (exit 2) with the web's message; a refused submit is the machine's message
 * with the call's exit code (401/403 → 3, 400 → 2, else 1; unreachable says so).
 */
export const runForm = async (
  deps: Deps,
  logic: (client: CoreClient) => AnyStateMachine,
  values: FormValues,
  input: Record<string, unknown> = {},
): Promise<void> => {
  const { t } = deps;
  const [{ createActor, waitFor }, client] = await Promise.all([import('xstate'), deps.api()]);
  const actor = createActor(logic(client), { input });
  actor.start();
  try {
    const start = actor.getSnapshot() as FormSnapshot;
    if (start.hasTag('keyMissing')) throw usageError(t('reset.finish.messages.keymissing'));
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.change', field, value });
    actor.send({ type: 'submit' });
    const sent = actor.getSnapshot() as FormSnapshot;
    if (!sent.hasTag('busy') && !sent.hasTag('done')) {
      // Nothing was sent: the first field the form marks, else the mismatch.
      const refusal =
        Object.keys(sent.context.values)
          .map((field) => visibleError(sent.context as never, field))
          .find((error) => error !== null) ?? mismatchMessage(sent.context);
      throw usageError(refusal === null ? t('error.unexpected') : t.message(refusal));
    }
    const settled = (await waitFor(actor, (s) => !s.hasTag('busy'), {
      timeout: Number.POSITIVE_INFINITY,
    })) as FormSnapshot;
    if (settled.hasTag('failed')) {
      const failure = client.failure();
      const said = settled.context.error;
      // A refused session or an unreachable server says so; otherwise the form's own message.
      if (said === null || failure.exitCode === ExitCode.auth || client.unreachable()) throw failure;
      throw new CliError(t.message(said), failure.exitCode);
    }
  } finally {
    actor.stop();
  }
};
