import type { AnyEndpoint, Endpoint } from '@extranet/core/contract/endpoint.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, printTable } from '../../output/print.ts';
import { inputOf, signaturesOf } from './input.ts';

export interface ApiOptions {
  readonly operationId?: string;
  readonly list?: boolean;
  readonly param?: readonly string[];
  readonly body?: string;
}

/** An endpoint's parameters as `--list` names them: `id`, `tag?`, and `body` when it takes one. */
const parametersOf = (endpoint: AnyEndpoint): string[] => {
  const names = (schema: AnyEndpoint['params']) =>
    signaturesOf(schema).map((p) => (p.isOptional ? `${String(p.name)}?` : String(p.name)));
  return [
    ...names(endpoint.params),
    ...names(endpoint.query),
    ...(endpoint.body === undefined ? [] : [endpoint.optionalBody ? 'body?' : 'body']),
  ];
};

/** The access as one word: `public`, `signed-in`, a permission, or `a + b` when several are needed. */
const accessName = (access: AnyEndpoint['access']): string =>
  typeof access === 'string' ? access : access.join(' + ');

const printList = (endpoints: readonly AnyEndpoint[], deps: Deps) => {
  if (deps.out.format === 'json') {
    printJson(
      deps,
      endpoints.map((e) => ({
        operationId: e.id,
        method: e.method,
        path: e.path,
        access: accessName(e.access),
        parameters: parametersOf(e),
        summary: e.summary,
      })),
    );
    return;
  }
  const keys = ['operationId', 'method', 'path', 'access', 'parameters', 'summary'] as const;
  printTable(
    deps,
    keys.map((key) => ({ key, header: deps.t(`cli.api.columns.${key}`) })),
    endpoints.map((e) => {
      const cells = [e.id, e.method, e.path, accessName(e.access), parametersOf(e).join(' '), e.summary];
      return { display: cells, raw: cells };
    }),
  );
};

/**
 * `extranet api <operationId> [--param name=value …] [--body JSON|@file]`: any endpoint of the
 * contract, found by its operation id, its input checked by the endpoint's schemas before
 * anything is sent, called through core's client and its answer decoded by its success schema,
 * printed as the JSON the server sent. `--list` (or no operation) lists the operations.
 */
export const run = async (opts: ApiOptions, deps: Deps): Promise<number> => {
  const [{ CONTRACT, endpointsOf }, { call }, { encodeSync }] = await Promise.all([
    import('@extranet/core/contract/contract.ts'),
    import('@extranet/core/contract/client.ts'),
    import('effect/Schema'),
  ]);
  const endpoints = endpointsOf(deps.contract ?? CONTRACT);
  if (opts.list === true || opts.operationId === undefined) {
    printList(endpoints, deps);
    return ExitCode.ok;
  }
  const endpoint = endpoints.find((e) => e.id === opts.operationId);
  if (endpoint === undefined) throw usageError(deps.t('cli.api.unknown', { id: opts.operationId }));
  const input = await inputOf(endpoint, opts, deps);
  if (endpoint.access !== 'public') requireSession(deps);
  const client = await deps.api();
  // The endpoint's types are the contract's; here they are known only at run time.
  const typed = endpoint as unknown as Endpoint<unknown, unknown, unknown, unknown, unknown>;
  const answer = await client.call(call(typed, input as never));
  const schema = typed.success.schema;
  // What the server sent, as JSON again: the answer was decoded, so it is the schema's encoded side.
  if (schema !== undefined) printJson(deps, encodeSync(schema)(answer));
  return ExitCode.ok;
};
