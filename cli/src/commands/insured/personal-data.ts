import { resolve } from 'node:path';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { pendingFile } from '../../files/atomicFile.ts';
import { outputTarget } from '../../files/outputTarget.ts';
import { printJson, status } from '../../output/print.ts';
import { insuredId } from './personalData.ts';

export interface InsuredPersonalDataOptions {
  readonly id: string;
  readonly pdf?: boolean;
  readonly out?: string;
  readonly force?: boolean;
}

/**
 * `extranet insured personal-data <idAssure> [--pdf] [--out FILE|-]`: everything held about the
 * person (access and portability request), as the server's JSON or PDF; recorded by the server.
 */
export const run = async (opts: InsuredPersonalDataOptions, deps: Deps): Promise<number> => {
  const id = insuredId(opts.id, deps);
  const format = opts.pdf ? 'pdf' : 'json';
  const name = opts.out ?? `donnees-personnelles-${id}.${format}`;
  if (name !== '-') outputTarget(name, deps, opts.force);
  requireSession(deps);
  const [client, { personalDataApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/personalDataApi.ts'),
  ]);
  const file = await client.call(personalDataApi.download(id, format), {
    notFound: deps.t('cli.insured.notFound', { id }),
  });
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  if (name === '-') {
    deps.io.stdout.write(bytes);
    return ExitCode.ok;
  }
  const pending = pendingFile(outputTarget(name, deps, opts.force));
  try {
    await pending.write(bytes);
    await pending.commit();
  } catch (error) {
    await pending.abort();
    throw error;
  }
  if (deps.out.format === 'json') printJson(deps, { file: resolve(name), bytes: bytes.length });
  else status(deps, deps.t('cli.statements.saved', { file: name, bytes: bytes.length }));
  return ExitCode.ok;
};
