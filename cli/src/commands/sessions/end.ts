import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';

export interface SessionsEndOptions {
  readonly id?: string;
  readonly allOthers?: boolean;
}

/**
 * `extranet sessions end <id>` or `--all-others`: one session of the caller (its browser or
 * terminal is signed out at its next request), or every one but this one.
 */
export const run = async (opts: SessionsEndOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  if ((opts.id === undefined) === (opts.allOthers !== true)) throw usageError(t('cli.sessions.idOrAll'));
  if (opts.id !== undefined && !/^[1-9]\d{0,15}$/.test(opts.id))
    throw usageError(t('cli.sessions.badId', { value: opts.id }));
  requireSession(deps);
  const [client, { call }, { sessions }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/sessions.ts'),
  ]);
  if (opts.id !== undefined) {
    await client.call(call(sessions.end, { params: { id: Number(opts.id) } }), {
      notFound: t('cli.sessions.notFound', { id: opts.id }),
    });
  } else await client.call(call(sessions.endOthers, {}));
  if (deps.out.format === 'json')
    printJson(deps, { ended: opts.id === undefined ? 'allOthers' : Number(opts.id) });
  else
    status(
      deps,
      opts.id === undefined ? t('cli.sessions.othersEnded') : t('cli.sessions.ended', { id: opts.id }),
    );
  return ExitCode.ok;
};
