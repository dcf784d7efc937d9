/**
 * `GET /management/audits` (paged, filtered by day) and `/management/audits/:id`: the persisted
 * sign-in successes and failures. ROLE_ADMIN.
 */
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_SORTABLE, type AuditEvent, findAuditEvent, listAuditEvents } from '../audit/events.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { parsePaging, setPageHeaders } from '../http/paging.ts';
import { problems } from '../http/problems.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function parseDay(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const match = DATE.exec(value);
  const date = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw problems.badRequest(`${name} must be a date written yyyy-MM-dd`, undefined, 'error.validation');
  }
  return date;
}

const DAY_MS = 86_400_000;

/** An event as the wire carries it (the ISO timestamp JSON writes for a date). */
const wire = (event: AuditEvent) => ({ ...event, timestamp: event.timestamp.toISOString() });

async function auditsPlugin(app: FastifyInstance, { db }: { readonly db: Db }) {
  route(app, management.audits, async ({ query }, request, reply) => {
    const single = (name: 'fromDate' | 'toDate') => {
      const value = query[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const from = parseDay(single('fromDate'), 'fromDate') ?? new Date(0);
    const to = parseDay(single('toDate'), 'toDate');
    // An open end is the last representable day (PGlite cannot bind JavaScript's far future).
    const toExclusive = to ? new Date(to.getTime() + DAY_MS) : new Date(Date.UTC(9999, 11, 31));
    if (from >= toExclusive) throw problems.badRequest('fromDate must not be after toDate', pathOf(request));
    const paging = parsePaging(request.query as Record<string, string | string[]>, {
      sortable: AUDIT_SORTABLE,
      defaultSort: ['timestamp,desc'],
      defaultSize: 20,
      tieBreaker: 'id DESC',
    });
    const { total, events } = await listAuditEvents(
      db,
      from,
      toExclusive,
      paging.orderBy,
      paging.size,
      paging.offset,
    );
    setPageHeaders(reply, pathOf(request), paging, total);
    return events.map(wire);
  });

  route(app, management.audit, async ({ params }, request) => {
    const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : undefined;
    const event = id === undefined ? undefined : await findAuditEvent(db, id);
    if (!event) throw problems.entityNotFound('audit', pathOf(request));
    return wire(event);
  });
}

export const auditsRoutes = fp(auditsPlugin, { name: 'management-audits' });
