import type { Anonymisation } from '@extranet/core/domain/personalData.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { insuredId } from './personalData.ts';

export interface InsuredAnonymiseOptions {
  readonly id: string;
  /** Anonymise before the end of retention (no legal obligation keeps the data). */
  readonly force?: boolean;
}

/**
 * `extranet insured anonymise <idAssure> [--force]` (administrators): while retention runs the
 * server refuses (409, nothing changed) and this says until when, exit 1.
 */
export const run = async (opts: InsuredAnonymiseOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const id = insuredId(opts.id, deps);
  requireSession(deps);
  const answer = await deps.http.send({
    method: 'POST',
    path: `api/police-assures/${id}/anonymise`,
    json: opts.force ? { force: true } : {},
    acceptStatus: [409],
    notFound: t('cli.insured.notFound', { id }),
  });
  const body = JSON.parse(await answer.text()) as Anonymisation & {
    params?: { retainedUntil: string | null };
  };
  if (answer.status === 409) {
    const until = body.params?.retainedUntil ?? null;
    if (deps.out.format === 'json')
      printJson(deps, { idAssure: id, anonymised: false, retainedUntil: until });
    else
      status(
        deps,
        until ? t('personalData.anonymise.retained', { date: until }) : t('personalData.anonymise.running'),
      );
    return ExitCode.failure;
  }
  if (deps.out.format === 'json') printJson(deps, body);
  else status(deps, t('personalData.anonymise.done', { date: body.anonymisedAt ?? '' }));
  return ExitCode.ok;
};
