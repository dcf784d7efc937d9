/**
 * Runs a paged list: parse, count (with the resource's summary figures), fetch one page, and
 * set `X-Total-Count`, `Link` and any summary headers. Used by every list route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, readerOf } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { linkHeader } from '../../http/paging.ts';
import type { Caller } from './caller.ts';
import { visibleFields } from './columns.ts';
import type { ResourceDef } from './fields.ts';
import { jsonRowSql } from './json.ts';
import { type Filter, parseListQuery, type RawQuery } from './parse.ts';
import { aggregateRows, type Selection, scopeCountRows, selectJsonPage } from './query.ts';

/** A figure computed in SQL over the filtered rows and sent as a response header. */
export interface SummaryHeader {
  readonly header: string;
  /** A constant SQL aggregate whose value is sent as text, e.g. a numeric sum. */
  readonly expression: string;
}

export interface ListOptions {
  /** Conditions fixed by the route (a parent key, the timeline's types). */
  readonly fixed?: readonly Filter[];
  readonly extraParams?: readonly string[];
  readonly summaries?: readonly SummaryHeader[];
  /** Adds `X-Scope-Count`: the caller's rows before filters (the "sur M" of "N contrats sur M"). */
  readonly scopeCount?: boolean;
}

export function selectionOf(
  resource: ResourceDef,
  caller: Caller,
  query: ReturnType<typeof parseListQuery>,
  fixed: readonly Filter[] = [],
  view: 'list' | 'export' = 'list',
): Selection {
  const visible = new Set(visibleFields(resource, caller, view).map((field) => field.name));
  return {
    filters: [...fixed, ...query.filters],
    q: query.q,
    preset: query.preset,
    searchFields: resource.fields.filter(
      (field) => resource.search.includes(field.name) && visible.has(field.name),
    ),
  };
}

export async function runList(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ListOptions = {},
): Promise<string> {
  const query = parseListQuery(resource, caller, request.query as RawQuery, {
    view: 'list',
    ...(options.extraParams ? { extraParams: options.extraParams } : {}),
  });
  const fields = visibleFields(resource, caller, 'list');
  const selection = selectionOf(resource, caller, query, options.fixed);

  const expressions: Record<string, string> = { total: 'count(*)' };
  options.summaries?.forEach((summary, i) => {
    expressions[`s${i}`] = summary.expression;
  });
  // The whole scope ("sur M") is kept by the write triggers; a route's fixed conditions need a
  // real count. A page with no filter at all then needs no count either: its total is M.
  const kept = options.scopeCount && !options.fixed?.length ? scopeCountRows(resource, caller) : null;
  const unfiltered =
    kept !== null &&
    !options.summaries?.length &&
    query.filters.length === 0 &&
    !query.q &&
    (!query.preset || query.preset.where === 'true');
  const counted = unfiltered && kept ? kept : aggregateRows(resource, caller, selection, expressions);
  // The page leaves PostgreSQL as one JSON text (no object per row in Node: a statement's
  // 10,000 lines cost 130–200 ms of server CPU as objects).
  const page = selectJsonPage(resource, caller, selection, {
    rowJson: jsonRowSql(fields),
    sorts: query.sorts,
    limit: query.size,
    offset: query.page * query.size,
  });
  const scoped = !options.scopeCount
    ? undefined
    : (kept ?? aggregateRows(resource, caller, { filters: options.fixed ?? [] }, { total: 'count(*)' }));
  // Independent statements, sent together: on PostgreSQL each takes its own pooled connection, so
  // a list waits for the slowest instead of the sum (PGlite runs them one after the other anyway).
  // Lists and counts read on the replica when there is one (DATABASE_READ_URL).
  const source = readerOf(db);
  const [[figures], rows, scope] = await Promise.all([
    source.query(counted.sql, counted.params),
    source.query(page.sql, page.params),
    scoped && !unfiltered ? source.query(scoped.sql, scoped.params) : undefined,
  ]);
  const total = Number(figures?.total ?? 0);

  reply.header('X-Total-Count', String(total));
  reply.header('Link', linkHeader(pathOf(request), query.page, query.size, total));
  options.summaries?.forEach((summary, i) => {
    reply.header(summary.header, String(figures?.[`s${i}`] ?? ''));
  });
  if (scoped) reply.header('X-Scope-Count', String(Number((unfiltered ? figures : scope?.[0])?.total ?? 0)));
  reply.type('application/json; charset=utf-8');
  return String(rows[0]?.page ?? '[]');
}
