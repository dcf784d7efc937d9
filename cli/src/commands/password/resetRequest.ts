import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { runForm } from '../../forms/runForm.ts';
import { printJson, status } from '../../output/print.ts';

export interface ResetRequestOptions {
  readonly email: string;
}

/** `extranet reset request <email>`: core's reset-request form; no session needed. */
export const run = async (opts: ResetRequestOptions, deps: Deps): Promise<number> => {
  const { provideResetRequest } = await import('@extranet/core/runtime/machinesRuntime.ts');
  await runForm(deps, (client) => provideResetRequest(client.runtime), { email: opts.email });
  if (deps.out.format === 'json') printJson(deps, { requested: true });
  else status(deps, deps.t('reset.request.messages.success'));
  return ExitCode.ok;
};
