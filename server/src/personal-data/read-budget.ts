/**
 * Bulk reading is noticed (docs/security.md "Data protection"): each route showing one insured
 * person's or one policy's detail declares `config.personalData` (the path parameter naming it),
 * and every call of one counts against its caller's hourly budget (PERSONAL_DATA_READS_PER_HOUR,
 * kept in the shared throttle table so the fleet counts together). Beyond it the answer is 429,
 * nothing is read, and `extranet_personal_data_reads_refused_total` counts it (the shipped
 * alert ExtranetPersonalDataBulkReading fires on it). Each detail shown, and each export of the
 * insured or policy list, is recorded in the access trail before it leaves.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { problems } from '../http/problems.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { recordAccess } from './access-log.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path parameter naming the insured person (`idAssure`) or policy (`idPolice`) a detail shows. */
    personalData?: 'idAssure' | 'idPolice';
    /** A list export holding personal data: recorded once, with its query. */
    personalExport?: boolean;
  }
}

export function registerReadBudget(
  app: FastifyInstance,
  db: Db,
  readsPerHour: number,
  now?: () => number,
): void {
  const budget = createRateLimiter(db, 'personal-data-read', { max: readsPerHour, windowMs: 3_600_000 }, now);
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.personalData || !request.principal) return;
    const key = String(request.principal.id);
    // Taken in one statement before the read, so reads sent at once cannot all pass a read-then-count.
    const wait = await budget.take(key);
    if (wait > 0) {
      app.counters?.personalDataReadRefused();
      throw problems.tooManyRequests(wait, pathOf(request), 'error.personalDataReads');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.personalExport && reply.statusCode === 200) {
      await recordAccess(db, request, 'export', { detail: request.url });
      return payload;
    }
    const param = request.routeOptions.config.personalData;
    if (!param || reply.statusCode !== 200) return payload;
    const raw = (request.params as Record<string, string>)[param];
    const id = Number(raw);
    if (!Number.isSafeInteger(id)) return payload;
    await recordAccess(db, request, 'detail', param === 'idAssure' ? { idAssure: id } : { idPolice: id });
    return payload;
  });
}
