import type { AccessEvent } from '@extranet/core/domain/personalData.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable } from '../../output/print.ts';
import { insuredId } from './personalData.ts';

export interface InsuredIdOptions {
  readonly id: string;
}

/** `extranet insured access-log <idAssure>`: who looked at the person's file, newest first (administrators). */
export const run = async (opts: InsuredIdOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const id = insuredId(opts.id, deps);
  requireSession(deps);
  const [client, { personalDataApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/personalDataApi.ts'),
  ]);
  const events: readonly AccessEvent[] = await client.call(personalDataApi.accessLog(id), {
    notFound: t('cli.insured.notFound', { id }),
  });
  if (deps.out.format === 'json') {
    printJson(deps, events);
    return ExitCode.ok;
  }
  const columns = (['at', 'login', 'kind', 'from'] as const).map((key) => ({
    key,
    header: t(`personalData.accessLog.${key}`),
  }));
  printTable(
    deps,
    columns,
    events.map((event) => {
      const raw = [event.at, event.login, event.kind, [event.ip, event.userAgent].filter(Boolean).join(' ')];
      return { raw, display: [raw[0]!, raw[1]!, t(`personalData.accessLog.kinds.${event.kind}`), raw[3]!] };
    }),
  );
  return ExitCode.ok;
};
