/**
 * The embedded database's thread (started by pglite-thread.ts): it opens PGlite and answers each
 * call. Calls run as they arrive, each waiting for PGlite's own lock, so a transaction opened by
 * `begin` keeps every other statement out until its `end`, as in the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Engine, openEngine } from './pglite-engine.ts';
import type { Reply, Request, SentError, WorkerInit } from './pglite-thread.ts';
import type { Queryable } from './types.ts';

const port = parentPort!;
const init = workerData as WorkerInit;

function sent(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // Not cloneable (a function, a socket): nothing the server reads.
    }
  }
  return { message: error.message, stack: error.stack, fields };
}

interface Open {
  readonly tx: Queryable;
  readonly decide: (commit: boolean) => void;
  /** Settles once PGlite has committed or rolled back. */
  readonly done: Promise<void>;
}
const transactions = new Map<number, Open>();
let transactionCount = 0;
/** Thrown inside PGlite's transaction to have it roll back. */
const ROLLBACK = Symbol('rollback');

/** Opens a transaction that holds PGlite's lock until its `end`; answers once BEGIN has run. */
function begin(engine: Engine): Promise<number> {
  transactionCount += 1;
  const id = transactionCount;
  return new Promise((resolve, reject) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((settle) => {
      decide = settle;
    });
    const done: Promise<void> = engine
      .transaction(async (tx) => {
        transactions.set(id, { tx, decide, done });
        resolve(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    done.catch(reject); // BEGIN itself failed: the caller learns why (later failures go to `end`)
  });
}

function target(tx: number | undefined, engine: Engine): Queryable {
  if (tx === undefined) return engine;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function run(engine: Engine, request: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query':
      return { value: await target(request.tx, engine).query(request.sql, request.params) };
    case 'exec':
      await target(request.tx, engine).exec(request.sql);
      return { value: undefined };
    case 'begin':
      return { value: await begin(engine) };
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      open.decide(request.commit);
      await open.done;
      return { value: undefined };
    }
    case 'dump': {
      const buffer = await (await engine.dump()).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close':
      await engine.close();
      return { value: undefined };
  }
}

const answer = (reply: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

try {
  const engine = await openEngine(init.dataDir, init.loadDataDir ? new Blob([init.loadDataDir]) : undefined);
  port.on('message', (request: Request & { id: number }) => {
    run(engine, request).then(
      ({ value, transfer }) => answer({ id: request.id, ok: true, value }, transfer),
      (error: unknown) => answer({ id: request.id, ok: false, error: sent(error) }),
    );
  });
  answer({ id: 0, ok: true, value: undefined });
} catch (error) {
  answer({ id: 0, ok: false, error: sent(error) });
}
