import type { Deps } from '../../deps.ts';

/** Core's client and the disputes group of the contract, loaded when a dispute command runs. */
export const disputesApi = async (deps: Deps) => {
  const [client, { call }, { disputes }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/disputes.ts'),
  ]);
  return { client, call, endpoints: disputes };
};

/** The files named on the command line, as the API takes them (base64). */
export const filesOf = async (paths: readonly string[]) => {
  const [{ readFile }, { basename }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
  return Promise.all(
    paths.map(async (path) => ({ name: basename(path), content: (await readFile(path)).toString('base64') })),
  );
};
