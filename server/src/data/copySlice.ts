/**
 * One slice of a scale set for `copyScaleSet`: generates the policies [start, end) and COPYs
 * them, with their insured persons, movements and events, through four connections of its own;
 * returns its row counts and statement totals (the statements are made once, from every slice's
 * totals). The main thread runs one slice itself and each other slice runs in a worker thread
 * (`copyWorker.ts`).
 */
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

export interface SliceResult {
  readonly policies: number;
  readonly assures: number;
  readonly mouvements: number;
  readonly events: number;
  readonly totals: StatementTotals;
}

/** Policies between two progress reports. */
export const SLICE_STEP = 5_000;

export const loadSlice = async (
  { databaseUrl, options, start, end }: SliceInput,
  /** Called with SLICE_STEP each time that many more policies are generated. */
  onPolicies: (n: number) => void,
): Promise<SliceResult> => {
  const clients: pg.Client[] = [];
  const open = async (table: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    clients.push(client);
    // An error on a connection surfaces through its COPY; without a listener it would crash the thread.
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
      if (++count % SLICE_STEP === 0) onPolicies(SLICE_STEP);
    }
    await Promise.all([police.end(), assures.end(), mouvements.end(), events.end()]);
    return {
      policies: police.count,
      assures: assures.count,
      mouvements: mouvements.count,
      events: events.count,
      totals: set.totals(),
    };
  } finally {
    // After a failure, closing the connections ends their COPYs (rolled back) and frees their locks.
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
};
