import type { PersonalToken } from '@extranet/core/domain/personalToken.ts';
import { tokenLines } from '@extranet/core/format/tokens.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';
import { requirePersonSession } from './guard.ts';

export type TokensListOptions = Record<string, never>;

const KEYS = ['id', 'name', 'scope', 'prefix', 'expires', 'lastUsed'] as const;

/** `extranet tokens`: the caller's personal access tokens as the settings card shows them, or raw for scripts. */
export const run = async (_opts: TokensListOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  requirePersonSession(deps);
  const [client, { call }, { tokens: endpoints }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/tokens.ts'),
  ]);
  const tokens: readonly PersonalToken[] = await client.call(call(endpoints.list, {}));
  if (deps.out.format === 'json') {
    printJson(deps, tokens);
    return ExitCode.ok;
  }
  if (tokens.length === 0) {
    status(deps, t('cli.tokens.none'));
    return ExitCode.ok;
  }
  const byId = new Map(tokens.map((token) => [token.id, token]));
  printTable(
    deps,
    KEYS.map((key) => ({ key, header: t(`cli.tokens.columns.${key}`) })),
    tokenLines(tokens, t.language, Date.now()).map((line) => {
      const token = byId.get(line.id)!;
      return {
        display: [
          String(line.id),
          line.name,
          t(`cli.tokens.scopes.${line.scope}`),
          line.prefix,
          line.expired ? `${line.expires} (${t('cli.tokens.expired')})` : line.expires,
          line.lastUsed === '' ? t('cli.tokens.never') : line.lastUsed,
        ],
        raw: [String(line.id), line.name, line.scope, token.prefix, token.expiresAt, token.lastUsedAt ?? ''],
      };
    }),
  );
  return ExitCode.ok;
};
