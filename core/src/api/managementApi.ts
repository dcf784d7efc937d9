import { Effect, Schema } from 'effect';
import {
  AuditEvent,
  HealthBody,
  Logger,
  type LogLevel,
  Metrics,
  ThreadDumpEntry,
  toHealth,
} from '../domain/management.ts';
import { getPage, type SortOrder, sortParams } from './paging.ts';
import { decodeJson, getJson, send } from './request.ts';

export interface AuditQuery {
  /** `yyyy-MM-dd`, both required (docs/product.md §5). */
  readonly fromDate: string;
  readonly toDate: string;
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortOrder[];
}

/** `management/**` (ROLE_ADMIN; health answers everyone). */
export const managementApi = {
  /** `GET management/health`: the body is read on 503 too (something is DOWN). */
  health: () =>
    send({ path: 'management/health', acceptStatus: [503] }).pipe(
      Effect.flatMap(decodeJson(HealthBody)),
      Effect.map(toHealth),
    ),
  loggers: () => getJson(Schema.Array(Logger), { path: 'management/logs' }),
  /** `PUT management/logs` `{name, level}` (204). */
  setLevel: (name: string, level: typeof LogLevel.Type) =>
    Effect.asVoid(send({ method: 'PUT', path: 'management/logs', json: { name, level } })),
  metrics: () => getJson(Metrics, { path: 'management/metrics' }),
  threadDump: () => getJson(Schema.Array(ThreadDumpEntry), { path: 'management/dump' }),
  audits: (query: AuditQuery) =>
    getPage(AuditEvent, {
      path: 'management/audits',
      query: [
        ['fromDate', query.fromDate],
        ['toDate', query.toDate],
        ['page', String(query.page)],
        ['size', String(query.size)],
        ...sortParams(query.sort),
      ],
    }),
};
