import { type ApiEffect, type AppEvents, type Query, send } from '@extranet/core';
import { Effect, Stream } from 'effect';

/**
 * Streams a CSV export chunk by chunk to `write`, publishing `download.progress` on the app event
 * stream. Core's `downloadFile` buffers the whole body into a Blob (fine for a browser save
 * dialog); the CLI needs constant memory on 100,000-line statements, so this adapter reads
 * core's `send` response as a stream. `total` is in lines (the statement's `nb` plus the header).
 */
export const streamCsv = (
  path: string,
  query: Query,
  events: AppEvents,
  progress: { loaded: number; total: number | undefined },
  write: (chunk: Uint8Array) => Promise<void>,
): ApiEffect<number, unknown> =>
  Effect.flatMap(send({ path, query, accept: 'text/csv' }), (response) => {
    let bytes = 0;
    return Stream.runForEach(response.stream, (chunk) =>
      Effect.promise(async () => {
        await write(chunk);
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) progress.loaded += 1;
        events.next({ type: 'download.progress', loaded: progress.loaded, total: progress.total });
      }),
    ).pipe(Effect.as(bytes));
  });
