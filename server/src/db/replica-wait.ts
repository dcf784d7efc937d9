/**
 * Read-your-write with a replica (DATABASE_READ_URL): a request that wrote (any method but GET,
 * HEAD, OPTIONS, answered below 400) is answered only once the replica has replayed the
 * primary's WAL up to the moment the write committed, so the list anybody opens next — on any
 * instance — shows it. The wait is bounded (WAIT_MS); past it the answer goes anyway and the
 * lag is logged. Reads that must see a write within the same request stay on the primary. A
 * replica out of service (replica-reader.ts) is not waited for: reads go to the primary then.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isReplicaReader } from './replica-reader.ts';
import type { Db } from './types.ts';

const WAIT_MS = 2000;
const POLL_MS = 5;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True once `replica` has replayed `lsn`; also true when it is not a standby (nothing to wait for). */
async function replayed(replica: Db, lsn: string): Promise<boolean> {
  const [row] = await replica.query<{ caught: boolean | null }>(
    'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught',
    [lsn],
  );
  return row?.caught !== false;
}

/** Waits until the replica holds every write committed on the primary so far; false on time-out. */
export async function waitForReplica(db: Db, ms: number = WAIT_MS): Promise<boolean> {
  const reader = db.reader;
  if (!reader) return true;
  // While the replica is out, reads go to the primary: nothing to wait for.
  if (isReplicaReader(reader) && !reader.status().serving) return true;
  const replica = isReplicaReader(reader) ? reader.replica : reader;
  const [row] = await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const deadline = Date.now() + ms;
  while (!(await replayed(replica, row!.lsn))) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

export function registerReplicaWait(app: FastifyInstance, db: Db): void {
  if (!db.reader) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    try {
      if (!(await waitForReplica(db)))
        request.log.warn({ waitMs: WAIT_MS }, 'replica behind: answered before it replayed this write');
    } catch (error) {
      // The replica is unreachable: the write is committed, so answer; its reads fail on their own.
      request.log.warn({ err: error }, 'replica unreachable: could not wait for it to replay this write');
    }
    return payload;
  });
}

/** At the root (fastify-plugin): every write's answer waits for the replica. */
export const replicaWaitPlugin = fp(
  async (app, { db }: { readonly db: Db }) => registerReplicaWait(app, db),
  {
    name: 'replica-wait',
  },
);
