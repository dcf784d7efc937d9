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
  const [client, { personalDataApi }, { retentionRunning }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/personalDataApi.ts'),
    import('@extranet/core/api/retention.ts'),
  ]);
  // A 409 is an answer here (retention runs), not a failure: its problem says until when.
  const outcome = await client.runtime.run(personalDataApi.anonymise(id, opts.force === true)).then(
    (body): { body: Anonymisation } | { retained: string | null } => ({ body }),
    (error: unknown) => {
      const running = retentionRunning(error);
      if (running === undefined) throw client.failure({ notFound: t('cli.insured.notFound', { id }) });
      return { retained: running.retainedUntil };
    },
  );
  if ('retained' in outcome) {
    const until = outcome.retained;
    if (deps.out.format === 'json')
      printJson(deps, { idAssure: id, anonymised: false, retainedUntil: until });
    else
      status(
        deps,
        until ? t('personalData.anonymise.retained', { date: until }) : t('personalData.anonymise.running'),
      );
    return ExitCode.failure;
  }
  const { body } = outcome;
  if (deps.out.format === 'json') printJson(deps, body);
  else status(deps, t('personalData.anonymise.done', { date: body.anonymisedAt ?? '' }));
  return ExitCode.ok;
};
