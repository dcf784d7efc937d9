/**
 * HTTP load with autocannon: a fixed number of connections, each sending the next request as
 * soon as the previous answer arrives (closed loop, like pgbench's clients).
 */
import autocannon from 'autocannon';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly bytesPerSecond: number;
}

export interface LoadOptions {
  readonly url: string;
  /** Paths to cycle through (one per request). */
  readonly paths: readonly string[];
  readonly token: string;
  readonly connections: number;
  readonly seconds: number;
}

export async function loadTest(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${options.token}` },
    requests: options.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSecond: result.requests.total / options.seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerSecond: result.throughput.average,
  };
}
