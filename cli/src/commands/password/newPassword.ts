import type { Deps } from '../../deps.ts';
import { usageError } from '../../errors.ts';
import { readAll } from '../../io.ts';

/**
 * The new password and its confirmation from standard input (`--password-stdin`): the first
 * line, then the second (the first again when there is none). Checked by the form machine,
 * not here, so the terminal says what the web says.
 */
export const newPasswordFromStdin = async (
  opts: { readonly passwordStdin?: boolean },
  deps: Pick<Deps, 'io' | 't'>,
): Promise<{ newPassword: string; confirmPassword: string }> => {
  if (opts.passwordStdin !== true) throw usageError(deps.t('cli.password.needStdin'));
  const [newPassword = '', confirmation] = (await readAll(deps.io.stdin)).split(/\r?\n/);
  return {
    newPassword,
    confirmPassword: confirmation === undefined || confirmation === '' ? newPassword : confirmation,
  };
};
