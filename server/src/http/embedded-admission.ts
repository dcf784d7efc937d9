/**
 * Admission to the API on the embedded database. PGlite runs one query at a time in this
 * process: under 50 concurrent lists, requests waited 5–10 s for their turn. Here at most
 * `maxActive` API requests are served at once; up to `maxQueued` more wait in order, each at
 * most `maxWaitMs`; anything beyond gets 503 with `Retry-After` at once, which a client or a load
 * balancer can act on, instead of a 10 s answer. Probes, metrics and the web app's files are not
 * gated (they must answer while the API is busy). PostgreSQL has its own pool: no gate there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpProblem, Problem } from './problems.ts';

export interface AdmissionOptions {
  /** False on PostgreSQL: nothing is gated. */
  readonly enabled: boolean;
  readonly maxActive: number;
  readonly maxQueued: number;
  readonly maxWaitMs: number;
  /** Counted per refusal: `queue_full` (refused on arrival) or `waited_too_long`. */
  readonly shed?: (reason: 'queue_full' | 'waited_too_long') => void;
}

const RETRY_AFTER_SECONDS = 1;

const gated = (request: FastifyRequest) => request.url.startsWith('/api/');

const busy = (path: string) =>
  new Problem(httpProblem(503, 'The server is busy; please retry in a moment', path).body, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });

function registerAdmission(app: FastifyInstance, options: AdmissionOptions): void {
  if (!options.enabled) return;
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!gated(request)) return;
    const path = request.url.split('?')[0]!;
    if (active >= options.maxActive && waiting.length >= options.maxQueued) {
      options.shed?.('queue_full');
      throw busy(path);
    }
    let holding = false;
    let leave: (() => void) | undefined;
    // 'close' comes once whatever the end: answered, failed, or the caller gone (even while waiting).
    reply.raw.once('close', () => {
      if (holding) release();
      else leave?.();
    });
    if (active < options.maxActive) {
      active++;
      holding = true;
      return;
    }
    // The slot passes from the request that ends straight to this one (active stays the same).
    const since = performance.now();
    const admitted = await new Promise<boolean>((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        // The timer may not have run yet (a busy event loop): a turn that comes too late is
        // refused all the same, and the slot passes on.
        if (performance.now() - since >= options.maxWaitMs) {
          resolve(false);
          release();
          return;
        }
        holding = true;
        resolve(true);
      };
      leave = () => {
        clearTimeout(timer);
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        resolve(false);
      };
      const timer = setTimeout(leave, options.maxWaitMs);
      waiting.push(turn);
    });
    if (!admitted) {
      options.shed?.('waited_too_long');
      throw busy(path);
    }
  });
}

/** At the root (fastify-plugin), before authentication: a refused request costs no database work. */
export const admissionPlugin = fp(async (app, options: AdmissionOptions) => registerAdmission(app, options), {
  name: 'embedded-admission',
});
