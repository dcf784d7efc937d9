/**
 * Runs a paged list: parse, count (with the resource's summary figures), fetch one page, and
 * set `X-Total-Count`, `Link` and any summary headers. Used by every list route.
 */
import { isAlways } from '@extranet/core/descriptors/condition.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, readerOf } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { keptQuery, linkHeader } from '../../http/paging.ts';
import type { Caller } from './caller.ts';
import { visibleFields } from './columns.ts';
import type { ResourceDef } from './fields.ts';
import { jsonRowSql } from './json.ts';
import { type Filter, parseListQuery, type RawQuery } from './parse.ts';
import { aggregateRows, type Selection, type Statement, scopeCountRows, selectJsonPage } from './query.ts';
import { callerOf } from './route-kit.ts';

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
  /**
   * The caller's figures for these filters as write triggers keep them (`total` and each summary
   * as `s0`, `s1`…), read instead of counted; null when they are not kept: count them.
   */
  readonly keptFigures?: (caller: Caller, filters: readonly Filter[]) => Statement | null;
}

export function selectionOf(
  resource: ResourceDef,
  caller: Caller,
  query: ReturnType<typeof parseListQuery>,
  fixed: readonly Filter[] = [],
  view: 'list' | 'export' = 'list',
): Selection {
  // The visible fields themselves: a masked field is searched in what it shows, never its hidden digits.
  const visible = visibleFields(resource, caller, view);
  return {
    filters: [...fixed, ...query.filters],
    q: query.q,
    preset: query.preset,
    searchFields: visible.filter((field) => resource.search.includes(field.name)),
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
  // The caller's session check rides in the list's statement (auth/session-fold.ts): the page is
  // answered only once the check's row confirms the caller it was built for. Otherwise, and on
  // any failure, the caller is checked on its own first (a 401 or 403 then, as always) and the
  // list runs again under the current principal.
  const folded = request.foldedSession;
  if (!folded) return (await listPage(db, resource, caller, request, reply, options)).send();
  try {
    const answer = await listPage(db, resource, caller, request, reply, options, folded.statement);
    if (await folded.settle(answer.row)) return answer.send();
  } catch (error) {
    if (request.foldedSession !== folded) throw error;
    await folded.settle(undefined);
  }
  return runList(db, resource, callerOf(request), request, reply, options);
}

/** The list's joined row (the session check's with it, when given) and how to answer from it. */
async function listPage(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ListOptions,
  sessionCheck?: Statement,
): Promise<{ readonly row: Record<string, unknown> | undefined; readonly send: () => string }> {
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
  // Figures kept by write triggers are read instead of counted: the whole scope ("sur M") of the
  // lists that show it, a page with no filter then needing no count either (its total is M), or
  // what a resource keeps for the filters it knows (the anomalies' totals). A route's fixed
  // conditions, a search or a preset need a real count.
  const plain = !options.fixed?.length && !query.q && (!query.preset || isAlways(query.preset.where));
  const scopeKept = options.scopeCount && !options.fixed?.length ? scopeCountRows(resource, caller) : null;
  const kept = !plain
    ? null
    : options.keptFigures
      ? options.keptFigures(caller, query.filters)
      : query.filters.length === 0 && !options.summaries?.length
        ? scopeKept
        : null;
  const unfiltered = kept !== null && kept === scopeKept;
  const counted = kept ?? aggregateRows(resource, caller, selection, expressions);
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
    : (scopeKept ?? aggregateRows(resource, caller, { filters: options.fixed ?? [] }, { total: 'count(*)' }));
  // One statement, one round trip, one pooled connection: the count (or the kept total), the
  // page and the scope count, each a one-row derived table (docs/performance.md, "The goals on
  // the 1,000,000-policy set"). Lists and counts read on the replica when there is one
  // (DATABASE_READ_URL).
  const parts: Part[] = [counted, page];
  if (scoped && !unfiltered) parts.push({ ...scoped, columns: 'scope_total' });
  if (sessionCheck) parts.push(sessionCheck);
  const joined = joinRows(parts);
  const [figures] = await readerOf(db).query(joined.sql, joined.params);
  const send = () => sendPage(request, reply, query, options, figures, scoped ? unfiltered : undefined);
  return { row: figures, send };
}

/** Sets the list's headers from the joined row and answers its page. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  query: ReturnType<typeof parseListQuery>,
  options: ListOptions,
  figures: Record<string, unknown> | undefined,
  /** Whether the scope count is the total itself; undefined: no scope count. */
  unfiltered: boolean | undefined,
): string {
  const total = Number(figures?.total ?? 0);

  reply.header('X-Total-Count', String(total));
  reply.header('Link', linkHeader(pathOf(request), query.page, query.size, total, keptQuery(request.url)));
  options.summaries?.forEach((summary, i) => {
    reply.header(summary.header, String(figures?.[`s${i}`] ?? ''));
  });
  if (unfiltered !== undefined)
    reply.header('X-Scope-Count', String(Number((unfiltered ? figures?.total : figures?.scope_total) ?? 0)));
  reply.type('application/json; charset=utf-8');
  return String(figures?.page ?? '[]');
}

/** One part of a joined statement; `columns` renames its columns (`(scope_total)`). */
type Part = Statement & { readonly columns?: string };

/**
 * One-row statements as one: `select * from (a) as r0 cross join (b) as r1 …`, their parameters
 * renumbered in order. The scope count's single column is named `scope_total`, so it does not
 * hide the first's `total`. (The EXPLAIN tests take it apart again: server/test/data/joined.ts.)
 */
function joinRows(parts: readonly Part[]) {
  let offset = 0;
  const params: unknown[] = [];
  const from = parts.map((part, i) => {
    const base = offset;
    offset += part.params.length;
    params.push(...part.params);
    const sql = part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + base}`);
    return `(${sql}) as r${i}${part.columns ? `(${part.columns})` : ''}`;
  });
  return { sql: `select * from ${from.join(' cross join ')}`, params };
}
