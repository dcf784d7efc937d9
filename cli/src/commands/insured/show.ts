import type { InsuredPerson } from '@extranet/core/domain/insured.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord } from '../../output/print.ts';
import { insuredId } from './personalData.ts';

export interface InsuredShowOptions {
  readonly id: string;
  /** Ask for the whole NIR (nir.reveal only; the server records it). */
  readonly revealNir?: boolean;
}

/**
 * `extranet insured show <idAssure> [--reveal-nir]`: the insured person's detail (recorded by the
 * server), the NIR masked unless `--reveal-nir` asks for it whole.
 */
export const run = async (opts: InsuredShowOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const id = insuredId(opts.id, deps);
  requireSession(deps);
  const notFound = t('cli.insured.notFound', { id });
  const [client, { insuredApi }, { personalDataApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entitiesApi.ts'),
    import('@extranet/core/api/personalDataApi.ts'),
  ]);
  // The API's object as it came (`--json`), not the decoded one: a script reads the server's fields.
  const person: InsuredPerson = await client.call(insuredApi.get(id as InsuredPerson['idAssure']), {
    notFound,
  });
  const shown = opts.revealNir
    ? {
        ...person,
        numeroSecu: (await client.call(personalDataApi.revealNir(id), { notFound })).numeroSecu,
      }
    : person;
  if (deps.out.format === 'json') printJson(deps, shown);
  else
    printRecord(
      deps,
      Object.entries(shown).map(
        ([key, value]) => [key, t(`fields.${key}`), value === null ? '' : String(value)] as const,
      ),
    );
  return ExitCode.ok;
};
