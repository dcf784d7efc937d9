import { Effect, Stream } from 'effect';
import { ApiConfig } from './config.ts';
import { ServerUnreachable } from './errors.ts';
import { fileNameFromDisposition } from './fileName.ts';
import { type ApiRequest, send } from './request.ts';

/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

export { fileNameFromDisposition } from './fileName.ts';

/**
 * GETs a binary response (PDF, CSV) as a blob named from `Content-Disposition`, publishing
 * `download.progress` on the app event stream as chunks arrive (total from `Content-Length`).
 */
export const downloadFile = (req: ApiRequest & { readonly fallbackName: string }) =>
  Effect.gen(function* () {
    const config = yield* ApiConfig;
    const response = yield* send({ accept: '*/*', ...req });
    const length = Number(response.headers['content-length']);
    const total = Number.isFinite(length) && length > 0 ? length : undefined;
    const chunks: Uint8Array[] = [];
    let loaded = 0;
    yield* response.stream.pipe(
      Stream.runForEach((chunk) =>
        Effect.sync(() => {
          chunks.push(chunk);
          loaded += chunk.length;
          config.events.next({ type: 'download.progress', loaded, total });
        }),
      ),
      Effect.mapError((cause) => new ServerUnreachable({ url: response.request.url, reason: String(cause) })),
    );
    const file: DownloadedFile = {
      blob: new Blob(chunks as ConstructorParameters<typeof Blob>[0], {
        type: response.headers['content-type'] ?? 'application/octet-stream',
      }),
      fileName: fileNameFromDisposition(response.headers['content-disposition'], req.fallbackName),
    };
    return file;
  });
