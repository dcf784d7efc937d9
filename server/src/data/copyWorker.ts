/**
 * One slice of a scale set, in a worker thread of `copyScaleSet`: generates the policies
 * [start, end) and COPYs them, with their insured persons, movements and events, through four
 * connections of its own; sends back its row counts and statement totals (the statements are
 * made once, from every slice's totals, by the main thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ScaleOptions, type StatementTotals, scaleSet } from '@extranet/fixtures';
import pg from 'pg';
import { tables } from './columns.ts';
import { CopyWriter, columnsOf } from './copyWriter.ts';

export interface SliceInput {
  readonly databaseUrl: string;
  readonly options: ScaleOptions;
  readonly start: number;
  readonly end: number;
}

export type SliceMessage =
  | { readonly kind: 'progress'; readonly policies: number }
  | {
      readonly kind: 'done';
      readonly policies: number;
      readonly assures: number;
      readonly mouvements: number;
      readonly events: number;
      readonly totals: StatementTotals;
    };

/** Policies between two progress messages. */
const STEP = 5_000;

const { databaseUrl, options, start, end } = workerData as SliceInput;
const port = parentPort!;
const clients: pg.Client[] = [];
const open = async (table: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  clients.push(client);
  // An error on an idle connection would otherwise crash the thread before the COPY reports it.
  client.on('error', () => undefined);
  await client.connect();
  return new CopyWriter(client, table, await columnsOf(client, table));
};
try {
  const police = await open(tables.police);
  const assures = await open(tables.assures);
  const mouvements = await open(tables.mouvements);
  const events = await open(tables.events);
  const set = scaleSet(options);
  let count = 0;
  for (const bundle of set.bundles(start, end)) {
    await police.add(bundle.police);
    for (const a of bundle.assures) await assures.add(a);
    for (const m of bundle.mouvements) await mouvements.add(m);
    for (const e of bundle.events) await events.add(e);
    if (++count % STEP === 0) port.postMessage({ kind: 'progress', policies: STEP } satisfies SliceMessage);
  }
  await Promise.all([police.end(), assures.end(), mouvements.end(), events.end()]);
  port.postMessage({
    kind: 'done',
    policies: police.count,
    assures: assures.count,
    mouvements: mouvements.count,
    events: events.count,
    totals: set.totals(),
  } satisfies SliceMessage);
} finally {
  // After a failure, closing the connections ends their COPYs (rolled back) and frees their locks.
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
}
