/**
 * On the embedded database, API requests beyond what it serves at once wait in a bounded queue;
 * beyond the queue, or after waiting too long, they get 503 with Retry-After at once, counted
 * in `extranet_requests_shed_total`. Probes are never held. PostgreSQL is not gated.
 * A burst of concurrent requests against the app built as the server builds it.
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';

const SCRAPE_TOKEN = 'scrape-0123456789-abcdefghijklmnopqrstuvwxyz';

const shed = async (inject: (o: InjectOptions) => Promise<{ body: string }>, reason: string) => {
  const { body } = await inject({
    method: 'GET',
    url: '/management/prometheus',
    headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
  });
  return Number(
    new RegExp(`^extranet_requests_shed_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(body)?.[1],
  );
};

const limits = (maxActive: number, maxQueued: number, maxWaitMs: number) => ({
  env: {
    PROMETHEUS_TOKEN: SCRAPE_TOKEN,
    EMBEDDED_MAX_ACTIVE_REQUESTS: String(maxActive),
    EMBEDDED_MAX_QUEUED_REQUESTS: String(maxQueued),
    EMBEDDED_MAX_QUEUE_WAIT_MS: String(maxWaitMs),
  },
});

describe('a full queue', () => {
  forEachApp(
    (kind, ctx) => {
      let headers: { authorization: string };
      beforeAll(async () => {
        headers = await ctx().auth('admin');
      });

      it(
        kind === 'pglite'
          ? 'serves one and queues one; the others get 503 with Retry-After at once, and probes still answer'
          : 'on PostgreSQL: every request of the burst is served',
        async () => {
          const inject = (options: InjectOptions) => ctx().app.inject(options);
          const before = await shed(inject, 'queue_full');
          // The users page counts and reads: long enough that the burst arrives before it ends.
          const burst = await Promise.all([
            ...Array.from({ length: 6 }, () => inject({ method: 'GET', url: '/api/users?size=50', headers })),
            inject({ method: 'GET', url: '/management/health/liveness' }),
          ]);
          const probe = burst.pop()!;
          expect(probe.statusCode).toBe(200);
          const statuses = burst.map((r) => r.statusCode);
          if (kind === 'postgres') {
            expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
            return;
          }
          expect(statuses).toEqual([200, 200, 503, 503, 503, 503]);
          for (const refused of burst.slice(2)) {
            expect(refused.headers['retry-after']).toBe('1');
            expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
            expect(refused.json()).toMatchObject({
              status: 503,
              path: '/api/users',
              message: 'error.http.503',
            });
          }
          expect((await shed(inject, 'queue_full')) - before).toBe(4);
          // Once the burst is over, the next request is served: no slot was lost.
          expect((await inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(200);
        },
      );
    },
    limits(1, 1, 600_000),
  );
});

describe('a wait too long', () => {
  forEachApp(
    (kind, ctx) => {
      it.skipIf(kind === 'postgres')(
        'answers 503 to the request that waited its limit, then serves again',
        async () => {
          const headers = await ctx().auth('admin');
          const inject = (options: InjectOptions) => ctx().app.inject(options);
          const before = await shed(inject, 'waited_too_long');
          const burst = await Promise.all(
            Array.from({ length: 3 }, () => inject({ method: 'GET', url: '/api/users?size=50', headers })),
          );
          expect(burst.map((r) => r.statusCode)).toEqual([200, 503, 503]);
          expect(burst[1]!.headers['retry-after']).toBe('1');
          expect((await shed(inject, 'waited_too_long')) - before).toBe(2);
          expect((await inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(200);
        },
      );
    },
    limits(1, 10, 1),
  );
});
