import { Effect } from 'effect';
import { call, callPage } from '../contract/client.ts';
import { management } from '../contract/management.ts';
import { type LogLevel, toHealth } from '../domain/management.ts';
import { type SortOrder, sortParams } from './paging.ts';

export interface AuditQuery {
  /** `yyyy-MM-dd`, both required (docs/product.md §5). */
  readonly fromDate: string;
  readonly toDate: string;
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortOrder[];
}

/** `management/**` through the contract (ROLE_ADMIN; health answers everyone). */
export const managementApi = {
  /** `GET management/health`: the body is read on 503 too (something is DOWN). */
  health: () => Effect.map(call(management.health, {}), toHealth),
  loggers: () => call(management.loggers, {}),
  /** `PUT management/logs` `{name, level}` (204); a level the server does not set is refused before sending. */
  setLevel: (name: string, level: typeof LogLevel.Type) =>
    call(management.setLevel, { body: { name, level: level as 'OFF' } }),
  metrics: () => call(management.metrics, {}),
  threadDump: () => call(management.dump, {}),
  audits: (query: AuditQuery) =>
    callPage(management.audits, {
      query: {
        fromDate: query.fromDate,
        toDate: query.toDate,
        page: String(query.page),
        size: String(query.size),
        sort: sortParams(query.sort).map(([, value]) => value),
      },
    }),
};
