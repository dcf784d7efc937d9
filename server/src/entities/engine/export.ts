/**
 * CSV exports: the list's filters and sort, every matching row, streamed from a database
 * cursor batch by batch with back-pressure, so memory stays flat whatever the row count.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { type Db, readerOf } from '../../db/types.ts';
import type { Caller } from './caller.ts';
import { visibleFields } from './columns.ts';
import { copyColumns, copyCsv } from './copy-export.ts';
import { BOM, csvHeader, csvLineColumn, csvLines } from './csv.ts';
import type { FieldDef, ResourceDef } from './fields.ts';
import { selectionOf } from './list.ts';
import { type Filter, parseListQuery, type RawQuery } from './parse.ts';
import { selectRows } from './query.ts';

const BATCH = 1000;

/** Each generator returns the number of rows it wrote, once it wrote them all. */
async function* lines(db: Db, sql: string, params: readonly unknown[], fields: readonly FieldDef[]) {
  yield BOM + csvHeader(fields);
  let rows = 0;
  for await (const batch of db.stream(sql, params, BATCH)) {
    rows += batch.length;
    yield csvLines(batch);
  }
  return rows;
}

/** A PostgreSQL server streams CSV with COPY (about 4× faster than cursor batches, see copy-export.ts). */
function poolOf(db: Db): pg.Pool | undefined {
  return db.kind === 'postgres' && 'pool' in db ? (db as { pool: pg.Pool }).pool : undefined;
}

async function* copied(pool: pg.Pool, sql: string, params: readonly unknown[], fields: readonly FieldDef[]) {
  yield Buffer.from(BOM + csvHeader(fields));
  return yield* copyCsv(pool, sql, params);
}

/** Counts the rows of an export that went through to the end (management/business-counters.ts). */
async function* counted<T>(body: AsyncGenerator<T, number>, count: (rows: number) => void) {
  count(yield* body);
}

export function runExport(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fixed?: readonly Filter[]; fileName?: string } = {},
): FastifyReply {
  const query = parseListQuery(resource, caller, request.query as RawQuery, { view: 'export' });
  const fields = query.columns ?? visibleFields(resource, caller, 'export');
  const selection = selectionOf(resource, caller, query, options.fixed, 'export');
  // Exports read on the replica when there is one (DATABASE_READ_URL).
  const source = readerOf(db);
  const pool = poolOf(source);
  const statement = selectRows(resource, caller, selection, {
    columns: pool ? copyColumns(fields) : csvLineColumn(fields),
    sorts: query.sorts,
  });
  const body = pool
    ? copied(pool, statement.sql, statement.params, fields)
    : lines(source, statement.sql, statement.params, fields);
  const fileName = options.fileName ?? resource.exportName;
  const stream = Readable.from(
    counted<string | Buffer>(body, (rows) => request.server.counters?.exported(resource.entityName, rows)),
  );
  // Headers are gone by then: a failure can only cut the download, so the log keeps its cause
  // (57P01 when the backend was terminated); Fastify's own line is off with one-line request logs.
  stream.once('error', (error) => request.log.error({ err: error, path: request.url }, 'export failed'));
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}
