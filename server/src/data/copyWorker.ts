/** A worker thread of `copyScaleSet`: loads one slice (`copySlice.ts`) and reports to the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadSlice, type SliceInput, type SliceResult } from './copySlice.ts';

export type SliceMessage =
  | { readonly kind: 'progress'; readonly policies: number }
  | ({ readonly kind: 'done' } & SliceResult);

const port = parentPort!;
const result = await loadSlice(workerData as SliceInput, (policies) =>
  port.postMessage({ kind: 'progress', policies } satisfies SliceMessage),
);
port.postMessage({ kind: 'done', ...result } satisfies SliceMessage);
