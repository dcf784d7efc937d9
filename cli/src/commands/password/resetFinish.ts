import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { runForm } from '../../forms/runForm.ts';
import { printJson, status } from '../../output/print.ts';
import { newPasswordFromStdin } from './newPassword.ts';

export interface ResetFinishOptions {
  readonly key?: string;
  readonly passwordStdin?: boolean;
}

/** `extranet reset finish --key KEY --password-stdin`: core's reset-finish form, the link's key as its input. */
export const run = async (opts: ResetFinishOptions, deps: Deps): Promise<number> => {
  const values = await newPasswordFromStdin(opts, deps);
  const { provideResetFinish } = await import('@extranet/core/runtime/machinesRuntime.ts');
  await runForm(deps, (client) => provideResetFinish(client.runtime), values, { key: opts.key ?? null });
  if (deps.out.format === 'json') printJson(deps, { reset: true });
  else status(deps, deps.t('cli.reset.finished'));
  return ExitCode.ok;
};
