import type { Session } from '@extranet/core/domain/session.ts';
import { sessionLines } from '@extranet/core/format/sessions.ts';
import type { Deps } from '../../deps.ts';
import { printJson, printTable, status } from '../../output/print.ts';

const KEYS = ['id', 'device', 'address', 'started', 'lastUsed', 'current'] as const;

/**
 * Sessions as the settings card shows them (core's `sessionLines`: the one in use first, dates
 * in the CLI's language), or raw for scripts: ISO instants, `true`/`false`.
 */
export const printSessions = (deps: Deps, sessions: readonly Session[]): void => {
  const { t } = deps;
  if (deps.out.format === 'json') {
    printJson(deps, sessions);
    return;
  }
  if (sessions.length === 0) {
    status(deps, t('cli.sessions.none'));
    return;
  }
  const byId = new Map(sessions.map((s) => [s.id, s]));
  printTable(
    deps,
    KEYS.map((key) => ({ key, header: t(`cli.sessions.columns.${key}`) })),
    sessionLines(sessions, t.language).map((line) => {
      const session = byId.get(line.id)!;
      return {
        display: [
          String(line.id),
          line.device,
          line.address,
          line.started,
          line.lastUsed,
          line.current ? t('cli.sessions.thisDevice') : '',
        ],
        raw: [
          String(line.id),
          line.device,
          line.address,
          session.startedAt,
          session.lastUsedAt,
          String(line.current),
        ],
      };
    }),
  );
};
