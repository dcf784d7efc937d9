import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { runForm } from '../../forms/runForm.ts';
import { printJson, status } from '../../output/print.ts';
import { newPasswordFromStdin } from './newPassword.ts';

export interface PasswordOptions {
  readonly passwordStdin?: boolean;
}

/**
 * `extranet password --password-stdin`: core's password-change form, as the web's password
 * page runs it. The server renews this session's token and ends every other one; the renewed
 * token replaces the kept one (core's client does it through the token store).
 */
export const run = async (opts: PasswordOptions, deps: Deps): Promise<number> => {
  const values = await newPasswordFromStdin(opts, deps);
  requireSession(deps);
  const { provideChangePassword } = await import('@extranet/core/runtime/machinesRuntime.ts');
  await runForm(deps, (client) => provideChangePassword(client.runtime), values);
  if (deps.out.format === 'json') printJson(deps, { changed: true });
  else status(deps, deps.t('password.messages.success'));
  return ExitCode.ok;
};
