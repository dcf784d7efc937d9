/**
 * The embedded database in its own thread (node:worker_threads): pglite-worker.ts owns the PGlite
 * instance, this side sends it each call and awaits the answer. While PGlite runs a statement,
 * the server's thread goes on reading, checking and answering other requests; PGlite still runs
 * one statement at a time, in the order they arrive. Rows cross by structured clone, which keeps
 * what the parsers made (numbers, strings, Dates, arrays, parsed JSON) as they were; errors cross
 * as their fields (code, detail, constraint, column…), so callers read the same properties as
 * from PGlite in their own thread.
 */
import { Worker } from 'node:worker_threads';
import type { Engine } from './pglite-engine.ts';
import type { Queryable, Row } from './types.ts';

export type Request =
  | { readonly op: 'query'; readonly sql: string; readonly params: readonly unknown[]; readonly tx?: number }
  | { readonly op: 'exec'; readonly sql: string; readonly tx?: number }
  /** Opens a transaction (PGlite's lock taken, BEGIN run) and answers its number. */
  | { readonly op: 'begin' }
  /** Commits or rolls back transaction `tx` and answers once done. */
  | { readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly op: 'dump' }
  | { readonly op: 'close' };

export interface SentError {
  readonly message: string;
  readonly stack: string | undefined;
  /** The error's own enumerable fields that survive structured clone (name, code, detail, …). */
  readonly fields: Record<string, unknown>;
}

/** The worker's answer to call `id`; id 0 says it has opened the database (or why not). */
export type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: SentError };

export interface WorkerInit {
  readonly dataDir: string;
  readonly loadDataDir: ArrayBuffer | undefined;
}

function received(sent: SentError): Error {
  const error = Object.assign(new Error(sent.message), sent.fields);
  if (sent.stack !== undefined) error.stack = sent.stack;
  return error;
}

/** What callers meet once the worker is gone: `PGlite is closed` is what isDatabaseUnavailable answers 503 to. */
const closedError = (why: string) => new Error(`PGlite is closed${why}`);

export async function openWorkerEngine(dataDir: string, loadDataDir?: Blob): Promise<Engine> {
  const load = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
  const init: WorkerInit = { dataDir, loadDataDir: load };
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: init,
    transferList: load ? [load] : [],
  });
  type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let stopped: Error | undefined;

  // The worker keeps the process alive only while a call is under way, as PGlite in the thread does.
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on('message', (reply: Reply) => {
    const waiting = settle(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(received(reply.error));
  });
  worker.on('error', (error) => stop(closedError(`: its thread failed (${error.message})`)));
  worker.on('exit', (code) =>
    stop(closedError(code === 0 ? '' : `: its thread stopped (exit code ${code})`)),
  );

  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    nextId += 1;
    const id = nextId;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        settle(id); // a parameter structured clone cannot copy (a function): this call fails alone
        reject(error);
      }
    });
  };
  const queryable = (tx?: number): Queryable => ({
    query: <T extends Row = Row>(sql: string, params: readonly unknown[] = []) =>
      call({ op: 'query', sql, params, ...(tx === undefined ? {} : { tx }) }) as Promise<T[]>,
    async exec(sql: string) {
      await call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
    },
  });

  await new Promise((resolve, reject) => pending.set(0, { resolve, reject })).catch(async (error) => {
    await worker.terminate();
    throw error;
  });
  return {
    ...queryable(),
    async transaction(work) {
      const tx = (await call({ op: 'begin' })) as number;
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async dump() {
      return new Blob([(await call({ op: 'dump' })) as ArrayBuffer]);
    },
    async close() {
      if (stopped) return;
      try {
        await call({ op: 'close' });
      } finally {
        stop(closedError(''));
        await worker.terminate();
      }
    },
  };
}
