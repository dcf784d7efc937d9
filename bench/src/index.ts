/** Shared helpers of the benchmarks, for other packages' scripts (e.g. a soak test). */
export { type DatasetInfo, ensurePgDataset } from './lib/dataset.ts';
export { type LoadResult, loadTest } from './lib/load.ts';
export { ratioLine } from './lib/report.ts';
export { type ServerProcess, signIn, startServer } from './lib/server.ts';
